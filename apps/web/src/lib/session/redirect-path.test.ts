import { beforeEach, describe, expect, it } from 'vitest';
import { clearRedirectPath, getRedirectPath, overwriteRedirectPath, rememberPathForLogin } from './redirect-path';

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
});
