import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearRedirectPath,
  getRedirectPath,
  overwriteRedirectPath,
  pathFromReferrer,
  rememberPathForLogin,
} from './redirect-path';

beforeEach(() => sessionStorage.clear());

describe('the redirect-after-login path (spec section 4)', () => {
  it('stores the current path with its query', () => {
    rememberPathForLogin('/course/rag-from-scratch?lesson=l1');
    expect(getRedirectPath()).toBe('/course/rag-from-scratch?lesson=l1');
  });

  it.each(['/login', '/login?error=x', '/', '/register'])('stores /dashboard instead of %s', (path) => {
    rememberPathForLogin(path);
    expect(getRedirectPath()).toBe('/dashboard');
  });

  it('keeps an existing stored path', () => {
    rememberPathForLogin('/courses');
    rememberPathForLogin('/course/other');
    expect(getRedirectPath()).toBe('/courses');
  });

  it('is overwritten by a guarded page, a lesson click or Enroll, and cleared after use', () => {
    rememberPathForLogin('/courses');
    overwriteRedirectPath('/profile');
    expect(getRedirectPath()).toBe('/profile');
    clearRedirectPath();
    expect(getRedirectPath()).toBeNull();
  });

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
