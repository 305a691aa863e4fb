import { describe, expect, it } from 'vitest';
import { confirmsEmail } from './confirm-email';

describe('confirmsEmail', () => {
  it('accepts the learner’s own email, ignoring case and surrounding spaces', () => {
    expect(confirmsEmail('asha@example.com', 'asha@example.com')).toBe(true);
    expect(confirmsEmail('  Asha@Example.com ', 'asha@example.com')).toBe(true);
  });
  it('refuses anything else', () => {
    expect(confirmsEmail('', 'asha@example.com')).toBe(false);
    expect(confirmsEmail('asha@example.co', 'asha@example.com')).toBe(false);
    expect(confirmsEmail('asha', 'asha@example.com')).toBe(false);
    expect(confirmsEmail('', '')).toBe(false);
  });
});
