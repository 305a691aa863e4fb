import { describe, expect, it } from 'vitest';
import { pathFromReferrer } from './referrer-path';

describe('the page a Sign In link was followed from', () => {
  it("takes the page a Sign In link was followed from, only when it is this site's and worth returning to", () => {
    const origin = 'https://kaushal.example';
    expect(pathFromReferrer(`${origin}/course/python-for-ai?coupon=X`, origin)).toBe('/course/python-for-ai?coupon=X');
    expect(pathFromReferrer('https://elsewhere.example/course/python-for-ai', origin)).toBeNull();
    expect(pathFromReferrer(`${origin}/api/v1/auth/google/callback?code=x`, origin)).toBeNull();
    expect(pathFromReferrer(`${origin}/`, origin)).toBeNull();
    expect(pathFromReferrer(`${origin}/login?error=x`, origin)).toBeNull();
    expect(pathFromReferrer('', origin)).toBeNull();
  });
});
