interface Entry<T> {
  expires: number;
  pending: Promise<T>;
  /** Set once the load has succeeded: what `peek` answers. */
  loaded?: { value: T };
}

/**
 * A read-through cache of loads: each entry lives `ttlMs`; concurrent misses share one load (single flight);
 * a failed load is not kept; past `maxEntries` the oldest entry goes. A TTL of 0 never caches.
 */
export class SingleFlightCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.pending;
    const pending = load();
    if (this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      const entry: Entry<T> = { expires: this.now() + this.ttlMs, pending };
      this.entries.set(key, entry);
      pending.then(
        (value) => {
          entry.loaded = { value };
        },
        () => this.entries.delete(key),
      );
    }
    return pending;
  }

  /** The loaded value of a live entry, without loading: undefined when there is none (missing, loading, expired). */
  peek(key: string): { value: T } | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > this.now() ? hit.loaded : undefined;
  }

  clear() {
    this.entries.clear();
  }
}
