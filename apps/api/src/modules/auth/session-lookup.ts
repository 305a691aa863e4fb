import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type StaffRole, sessions, users } from '../../db/schema.ts';
import { type BatchOptions, startBatch } from '../../lib/batching.ts';
import { isDatabaseUnavailable } from '../../lib/errors.ts';
import { RecentSessions, sessionsGeneration } from './recent-sessions.ts';
import { hashToken, SESSION_TTL_MS, type SessionUser } from './session.ts';

/** Sliding expiry is refreshed at most this often, so reads do not turn into writes. */
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;
/** 32 random bytes, base64url: anything else is not one of our tokens and costs no hashing or query. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** At most this many sessions go into one query; a larger backlog is answered by several. */
const MAX_SESSIONS_PER_QUERY = 500;

interface PendingLookup {
  id: string;
  /** The session-write generation when the lookup arrived (recent-sessions.ts). */
  generation: number;
  now: Date;
  resolve: (user: SessionUser | null) => void;
  reject: (error: unknown) => void;
}

type SessionRow = SessionUser & { expiresAt: Date };

/**
 * Finds the learner of a session token, batching concurrent lookups: those that arrive while a query is in
 * flight are answered together by the next single query, so under load one SELECT serves many requests
 * instead of one each. A lookup with nothing in flight is sent at once (no timer adds latency; PGlite:
 * see BatchOptions).
 *
 * A lookup is answered by a query that started after the lookup arrived, so a session deleted (logout, account
 * deletion) or expired before that is refused at once, on every process; each lookup checks expiry against its
 * own `now`. Only a `recent` lookup (the progress route's: decision 041) may be answered from the sessions this
 * process confirmed in the last RECENT_SESSION_MS instead: a session write in this process empties that memory
 * at once, another process's reaches it within that time, and its learner's `learningVersion` may be that old
 * (the dashboard never asks for `recent`).
 */
export class SessionLookup {
  private queue: PendingLookup[] = [];
  private querying = false;
  private readonly select: ReturnType<typeof prepareSelect>;
  private readonly recentSessions: RecentSessions;

  constructor(
    private readonly db: Db,
    private readonly options: BatchOptions & { recentSessions?: RecentSessions } = {},
  ) {
    this.select = prepareSelect(db);
    this.recentSessions = options.recentSessions ?? new RecentSessions();
  }

  /**
   * The signed-in learner of this token at `now`, or null. `recent`: a session this process confirmed in the last
   * RECENT_SESSION_MS is enough (see the class comment).
   */
  find(token: string, now: Date, options: { recent?: boolean } = {}): Promise<SessionUser | null> {
    if (!TOKEN_FORMAT.test(token)) return Promise.resolve(null);
    const id = hashToken(token);
    if (options.recent) {
      const user = this.recentSessions.get(id, now);
      if (user) return Promise.resolve(user);
    }
    const generation = sessionsGeneration();
    return new Promise((resolve, reject) => {
      this.queue.push({ id, generation, now, resolve, reject });
      if (this.querying) return;
      this.querying = true;
      startBatch(this.options, () => this.drain());
    });
  }

  private async drain() {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_SESSIONS_PER_QUERY);
        let rows: SessionRow[];
        try {
          rows = await this.select.execute({ ids: arrayLiteral([...new Set(batch.map((p) => p.id))]) });
        } catch (error) {
          // Lookups that queued behind a query that found the database unavailable waited through the same
          // outage; a query of their own would double their wait past the pool's timeouts. They fail with it.
          const failed = isDatabaseUnavailable(error) ? [...batch, ...this.queue.splice(0)] : batch;
          for (const pending of failed) pending.reject(error);
          continue;
        }
        this.answer(batch, rows);
      }
    } finally {
      this.querying = false;
    }
  }

  private answer(batch: PendingLookup[], rows: SessionRow[]) {
    const byId = new Map(rows.map((row) => [row.sessionId, row]));
    // Sessions whose sliding expiry is due, with the latest `now` that asked for each.
    const due = new Map<string, Date>();
    const waiting: Array<{ pending: PendingLookup; user: SessionUser }> = [];
    for (const pending of batch) {
      const row = byId.get(pending.id);
      if (!row || row.expiresAt.getTime() <= pending.now.getTime()) {
        pending.resolve(null);
        continue;
      }
      const { expiresAt, ...rest } = row;
      // bigint: a string from node-postgres.
      const user = { ...rest, learningVersion: Number(rest.learningVersion) };
      this.recentSessions.set(pending.id, user, expiresAt, pending.generation);
      if (expiresAt.getTime() - pending.now.getTime() < SESSION_TTL_MS - REFRESH_AFTER_MS) {
        const latest = due.get(pending.id);
        if (!latest || latest.getTime() < pending.now.getTime()) due.set(pending.id, pending.now);
        waiting.push({ pending, user });
      } else {
        pending.resolve(user);
      }
    }
    if (due.size === 0) return;
    // Not awaited: the next batch need not wait for these (rare) writes; their requests do.
    this.refresh(due).then(
      () => {
        for (const { pending, user } of waiting) pending.resolve(user);
      },
      (error: unknown) => {
        for (const { pending } of waiting) pending.reject(error);
      },
    );
  }

  /** Slides each session's expiry to its `now` plus the TTL, never backwards (another process may be ahead). */
  private async refresh(due: Map<string, Date>) {
    const ids = [...due.keys()];
    const expiries = [...due.values()].map((now) => `"${new Date(now.getTime() + SESSION_TTL_MS).toISOString()}"`);
    await this.db.execute(sql`
      update sessions as s set expires_at = v.expires_at
      from unnest(${arrayLiteral(ids)}::text[], ${arrayLiteral(expiries)}::timestamptz[]) as v(id, expires_at)
      where s.id = v.id and s.expires_at < v.expires_at
    `);
  }
}

/**
 * One statement text whatever the batch size (the ids travel as one array), prepared once per connection on
 * PostgreSQL. unnest() joined to the primary keys reads only the rows asked for.
 */
function prepareSelect(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      id: users.id,
      email: users.email,
      name: users.name,
      avatarUrl: users.avatarUrl,
      settings: users.settings,
      // Staff roles ride along (an index lookup per session): admin routes and /auth/me need no query of their own.
      roles: sql<
        StaffRole[]
      >`coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = ${users.id}), '{}')`,
      // The dashboard's cache key rides along too (a primary-key probe): no query of its own per dashboard.
      learningVersion: sql<number>`coalesce((select v.version from learner_versions v where v.user_id = ${users.id}), 0)`,
      expiresAt: sessions.expiresAt,
    })
    .from(sql`unnest(${sql.placeholder('ids')}::text[]) as wanted(id)`)
    .innerJoin(sessions, sql`${sessions.id} = wanted.id`)
    .innerJoin(users, eq(users.id, sessions.userId))
    .prepare('session_lookup');
}

/** A PostgreSQL array literal of values that need no escaping (hex hashes, quoted ISO timestamps). */
const arrayLiteral = (values: readonly string[]) => `{${values.join(',')}}`;
