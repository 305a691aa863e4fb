import { API_PREFIX, type HlsSession } from '@kaushal/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hlsRenditions, videoSessions } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { checkHlsToken, createHlsToken, type HlsTokenClaims } from './hls-token.ts';
import { renditionsOf } from './transcode-job.ts';

/** A token (and the session's lease) lasts this long; the player renews at half of it, so one failure is harmless. */
export const HLS_TOKEN_TTL_SECONDS = 10 * 60;
export const HLS_RENEW_AFTER_SECONDS = HLS_TOKEN_TTL_SECONDS / 2;
/** A rendition's playlist rides in the session's answer up to this size (a lesson of about an hour at 4 s). */
export const INLINE_PLAYLIST_MAX_CHARS = 32_000;
/** How long a process trusts a video session's lease it read (native HLS presenting an expired token). */
export const LEASE_CACHE_MS = 30_000;

export const HLS_LINK_INVALID = 'This video link is not valid. Reopen the lesson to get a new one.';
export const HLS_LINK_EXPIRED = 'This video link has expired. Reopen the lesson to get a new one.';
export const SESSION_NOT_FOUND = 'This video session was not found. Reopen the lesson.';

type Rendition = typeof hlsRenditions.$inferSelect;

/**
 * Who may fetch a ladder's playlists and segments (decision 034). A token is checked with one HMAC. An expired
 * one is still good while its video session's lease lasts (each renewal, which checks the learner's access,
 * moves the lease on): hls.js fetches with the newest token, native HLS keeps the first for the whole lecture,
 * and both stop within a lease of a refund. Leases are read from the database at most every 30 s per session
 * and process; playlists, immutable, are read once.
 */
export class HlsAccess {
  readonly #db: Db;
  readonly #secret: string;
  readonly #leases = new Map<string, { until: number; checkedAt: number }>();
  readonly #sets = new Map<string, Rendition[]>();

  constructor(db: Db, secret: string) {
    this.#db = db;
    this.#secret = secret;
  }

  /**
   * The stream of `sourceKey` for a video session of this learner (already checked by the caller): null while
   * the video has no ladder. Moves the session's lease on.
   */
  async open(sourceKey: string, sessionId: string, cookieHash: string, now: Date): Promise<HlsSession | null> {
    const renditions = await renditionsOf(this.#db, [sourceKey]);
    const first = renditions[0];
    if (!first) return null;
    // The newest ladder of the source, should an old one linger.
    const set = renditions.filter((r) => r.setId === first.setId);
    const exp = Math.floor(now.getTime() / 1000) + HLS_TOKEN_TTL_SECONDS;
    await this.#db
      .update(videoSessions)
      .set({ hlsLeaseUntil: new Date(exp * 1000) })
      .where(eq(videoSessions.id, sessionId));
    this.#leases.delete(sessionId);
    const token = createHlsToken(this.#secret, { sessionId, setId: first.setId, exp }, cookieHash);
    const base = `${API_PREFIX}/hls/${token}`;
    // The player starts on the lowest rung: its playlist and the master come with the answer, saving the two
    // round trips before the first segment (each a full latency on a slow mobile link).
    const playlists: Record<string, string> = { 'master.m3u8': masterPlaylist(set) };
    if (first.playlist.length <= INLINE_PLAYLIST_MAX_CHARS) playlists[`${first.label}/index.m3u8`] = first.playlist;
    return {
      url: `${base}/master.m3u8`,
      posterUrl: `${base}/poster.jpg`,
      expiresAt: new Date(exp * 1000).toISOString(),
      renewAfterSeconds: HLS_RENEW_AFTER_SECONDS,
      renditions: set.map((r) => ({ label: r.label, width: r.width, height: r.height })),
      playlists,
    };
  }

  /** Renews the stream of a video session: 404 unless the session is this learner's, for this lesson. */
  async renew(
    lesson: { id: string; videoRef: string | null; videoType: string | null },
    sessionId: string,
    userId: string,
    cookieHash: string,
    now: Date,
  ): Promise<HlsSession> {
    const [session] = await this.#db
      .select({ id: videoSessions.id })
      .from(videoSessions)
      .where(
        and(eq(videoSessions.id, sessionId), eq(videoSessions.userId, userId), eq(videoSessions.lessonId, lesson.id)),
      )
      .limit(1);
    if (!session) throw notFound(SESSION_NOT_FOUND, 'video_session_not_found');
    const stream =
      lesson.videoType === 'direct' && lesson.videoRef
        ? await this.open(lesson.videoRef, sessionId, cookieHash, now)
        : null;
    if (!stream) throw notFound('This lesson has no adaptive stream.', 'no_hls');
    return stream;
  }

  /** The token's claims if it may fetch now; 403 otherwise (another account, tampered, or lease over). */
  async authorise(token: string, cookieHash: string | null, now: Date): Promise<HlsTokenClaims> {
    const check = checkHlsToken(this.#secret, token, cookieHash, now);
    if (!check.ok) throw forbidden(HLS_LINK_INVALID, 'media_link_invalid');
    if (!check.expired) return check.claims;
    if ((await this.#leaseUntil(check.claims.sessionId, now)) > now.getTime()) return check.claims;
    throw forbidden(HLS_LINK_EXPIRED, 'media_link_expired');
  }

  async #leaseUntil(sessionId: string, now: Date): Promise<number> {
    const cached = this.#leases.get(sessionId);
    if (cached && now.getTime() - cached.checkedAt < LEASE_CACHE_MS) return cached.until;
    const [row] = await this.#db
      .select({ until: videoSessions.hlsLeaseUntil })
      .from(videoSessions)
      .where(eq(videoSessions.id, sessionId))
      .limit(1);
    const until = row?.until?.getTime() ?? 0;
    if (this.#leases.size > 50_000) this.#leases.clear();
    this.#leases.set(sessionId, { until, checkedAt: now.getTime() });
    return until;
  }

  /** A ladder's renditions (immutable once written, so cached), lowest first; 404 when there is none. */
  async renditions(setId: string): Promise<Rendition[]> {
    let set = this.#sets.get(setId);
    if (!set) {
      set = await this.#db
        .select()
        .from(hlsRenditions)
        .where(eq(hlsRenditions.setId, setId))
        .orderBy(hlsRenditions.height);
      if (set.length === 0) throw notFound('This video stream was not found.', 'not_found');
      if (this.#sets.size > 1000) this.#sets.clear();
      this.#sets.set(setId, set);
    }
    return set;
  }
}

/**
 * The master playlist: the ladder's renditions (those within the data saver's cap, the lowest always), with
 * relative URIs that resolve under the token's path.
 */
export function masterPlaylist(renditions: readonly Rendition[], cap?: number): string {
  const shortSide = (r: Rendition) => Math.min(r.width, r.height);
  const within = renditions.filter((r) => cap === undefined || shortSide(r) <= cap);
  const offered = within.length > 0 ? within : renditions.slice(0, 1);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of offered) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}",NAME="${r.label}"`,
      `${r.label}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}
