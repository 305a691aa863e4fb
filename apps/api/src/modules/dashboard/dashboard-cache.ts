import { dashboardSchema } from '@kaushal/contract';
import type { Db } from '../../db/client.ts';
import { loadDashboard } from './service.ts';

interface Entry {
  version: number;
  /** The dashboard serialised once, sent as-is while the entry is current. */
  body: Promise<string>;
  /** Clock ms after which the entry is not used: a weekly access ending, or the content TTL. */
  until: number;
}

/**
 * Each learner's dashboard, serialised, kept per learner at the learner's version (learner_versions, read with
 * the session: decision 035). Every write to the rows a dashboard is made of moves that version in the same
 * transaction (database triggers, any process), so a request whose session lookup started after a write
 * commits sees a new version and never the old figures. An entry is also dropped when a weekly access of the
 * learner ends (time, not a write, changes it) and after `contentTtlMs` (a course's title or lessons edited:
 * as stale as the catalogue cache may be). Concurrent misses for one learner share one load.
 */
export class DashboardCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly contentTtlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(userId: string, version: number, now: Date): Promise<string> {
    const at = now.getTime();
    const hit = this.entries.get(userId);
    if (hit && hit.version === version && at < hit.until) return hit.body;
    const body: Promise<string> = loadDashboard(this.db, userId, now).then(({ dashboard, changesAt }) => {
      const entry = this.entries.get(userId);
      if (entry?.body === body && changesAt) entry.until = Math.min(entry.until, changesAt.getTime());
      return JSON.stringify(dashboardSchema.parse(dashboard));
    });
    if (this.contentTtlMs <= 0 || (hit && hit.version > version)) return body;
    // A newer version waiting for an older entry's turn is kept; the oldest learner goes first past the bound.
    this.entries.delete(userId);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(userId, { version, body, until: at + this.contentTtlMs });
    body.catch(() => {
      if (this.entries.get(userId)?.body === body) this.entries.delete(userId);
    });
    return body;
  }
}
