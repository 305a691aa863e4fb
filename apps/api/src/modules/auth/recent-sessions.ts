import type { SessionUser } from './session.ts';

/**
 * How long a session the database confirmed may answer a `recent` lookup from this process's memory. A little
 * longer than the player's rhythm (a progress report per 10 s of playback), so a watching learner's session is
 * read from the database about once per this time per process instead of once per report.
 */
export const RECENT_SESSION_MS = 30_000;
/** Bounded memory: past this many sessions the cache starts over. */
const MAX_SESSIONS = 50_000;

/**
 * Moves on every write in this process that ends or narrows a session: sign-out, a new sign-in replacing a
 * session, account deletion, staff roles changed. Every cache of the process (there is one per app) then drops
 * what it holds before it answers again, so such a write takes effect at once here. Another process's writes
 * reach this one's cache only when the entry ages out (RECENT_SESSION_MS); lookups that are not `recent` never
 * read the cache and see every write at once, on every process.
 */
let generation = 0;
export function sessionsChanged(): void {
  generation++;
}
export const sessionsGeneration = (): number => generation;

type Entry = { user: SessionUser; expiresAt: Date; confirmedAt: number };

/** Sessions the database confirmed recently (decision 041), keyed by the token's hash. */
export class RecentSessions {
  private entries = new Map<string, Entry>();
  private generation = generation;

  constructor(
    private readonly maxAgeMs = RECENT_SESSION_MS,
    private readonly monotonic: () => number = () => performance.now(),
  ) {}

  /** The learner of a session confirmed less than maxAgeMs ago and not expired at `now`, or undefined. */
  get(id: string, now: Date): SessionUser | undefined {
    if (this.generation !== generation) this.clear();
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (this.monotonic() - entry.confirmedAt > this.maxAgeMs || entry.expiresAt.getTime() <= now.getTime()) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.user;
  }

  /**
   * Remembers what a query answered, unless a session write of this process came after the query started
   * (`startedAt`, the generation then): its answer may be from before the write.
   */
  set(id: string, user: SessionUser, expiresAt: Date, startedAt: number): void {
    if (startedAt !== generation) return;
    if (this.generation !== generation) this.clear();
    if (this.entries.size >= MAX_SESSIONS) this.entries.clear();
    this.entries.set(id, { user, expiresAt, confirmedAt: this.monotonic() });
  }

  private clear() {
    this.entries.clear();
    this.generation = generation;
  }
}
