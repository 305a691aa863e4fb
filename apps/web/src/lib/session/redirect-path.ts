/** Where to go after signing in (spec section 4), kept across the provider round trip. */
const KEY = 'redirectAfterLogin';
const NOT_RETURNABLE = new Set(['/login', '/', '/register']);

export function getRedirectPath(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function store(path: string) {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage can be blocked (private mode); sign-in still works, it just lands on /dashboard.
  }
}

export function clearRedirectPath() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored when storage is blocked.
  }
}

/** Whether a path is worth returning to after signing in (not /login, / or /register). */
export function isReturnablePath(path: string): boolean {
  return !NOT_RETURNABLE.has(path.split(/[?#]/)[0] ?? '/');
}

/**
 * The login button's rule: keep an existing stored path; otherwise store the current path, unless it is
 * /login, / or /register, in which case store /dashboard.
 */
export function rememberPathForLogin(currentPath: string) {
  if (getRedirectPath()) return;
  store(isReturnablePath(currentPath) ? currentPath : '/dashboard');
}

/** A lesson click, Enroll or a guarded page overwrites the stored path with the current one. */
export function overwriteRedirectPath(currentPath: string) {
  store(currentPath);
}
