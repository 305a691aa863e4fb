import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { StaffRole } from '../../db/schema.ts';
import { sessions } from '../../db/schema.ts';
import { unauthorized } from '../../lib/errors.ts';
import { sessionsChanged } from './recent-sessions.ts';

export const SESSION_COOKIE = 'kaushal_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  avatarUrl: string | null;
  settings: Record<string, unknown>;
  /** Staff roles beyond learner (empty for learners). */
  roles: StaffRole[];
  sessionId: string;
  /**
   * The learner's version (learner_versions) when the session was looked up: it moves with every write to the
   * rows their dashboard is made of, so a dashboard cached at this version is current (decision 035).
   */
  learningVersion: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  sessionsChanged();
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/**
 * The request's learner, or null when signed out. Looked up once per request. `recent`: a session this process
 * confirmed in the last seconds is enough (SessionLookup; decision 041), for a route that reads only the learner's
 * id and roles and runs per report of a playing video.
 */
export function currentUser(request: FastifyRequest, options: { recent?: boolean } = {}): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    const token = request.cookies[SESSION_COOKIE];
    const { sessionLookup, clock } = request.server.deps;
    pending = token ? sessionLookup.find(token, clock(), options) : Promise.resolve(null);
    cache.set(request, pending);
  }
  return pending;
}

/** The request's learner; throws 401 when signed out. */
export async function requireUser(request: FastifyRequest, options: { recent?: boolean } = {}): Promise<SessionUser> {
  const user = await currentUser(request, options);
  if (!user) throw unauthorized();
  return user;
}

/**
 * SameSite=None (which browsers accept only with Secure) when the SPA may be on another site than the API.
 * Same scheme and host is the same site whatever the ports (the Vite dev server beside the API); other
 * hosts may or may not be, and None works for both.
 */
function isCrossSite(webOrigin: string, publicUrl: string): boolean {
  const web = new URL(webOrigin);
  const api = new URL(publicUrl);
  return web.protocol !== api.protocol || web.hostname !== api.hostname;
}

function sessionCookieOptions(reply: FastifyReply) {
  const { config } = reply.server.deps;
  const crossSite = isCrossSite(config.webOrigin, config.publicUrl);
  return {
    httpOnly: true,
    secure: config.isProduction || crossSite,
    sameSite: crossSite ? ('none' as const) : ('lax' as const),
    path: '/',
  };
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, { ...sessionCookieOptions(reply), expires: expiresAt });
}

/** Clears with the same attributes it was set with: a browser ignores a cross-site clear that lacks them. */
export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(reply));
}
