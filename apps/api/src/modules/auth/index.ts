// The auth module's public surface: what other modules and plugins may use.
export { pathOnlyRequestLog } from './log-serializers.ts';
export { RECENT_SESSION_MS, sessionsChanged } from './recent-sessions.ts';
export { authRoutes } from './routes.ts';
export {
  clearSessionCookie,
  currentUser,
  hashToken,
  requireUser,
  SESSION_COOKIE,
  type SessionUser,
} from './session.ts';
export { SessionLookup } from './session-lookup.ts';
