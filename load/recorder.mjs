// Every request of the load run, timed and counted by kind; and what the server acknowledged.

export function createRecorder(baseUrl) {
  /** kind -> { latencies: number[], statuses: Map<status, count> } */
  const kinds = new Map();

  const record = (kind, ms, status) => {
    let entry = kinds.get(kind);
    if (!entry) {
      entry = { latencies: [], statuses: new Map() };
      kinds.set(kind, entry);
    }
    entry.latencies.push(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  };

  return {
    /** One request; status 0 means no answer at all (a network error). */
    async request(kind, path, { method = 'GET', cookie, body } = {}) {
      const headers = {};
      if (cookie) headers.cookie = cookie;
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (method !== 'GET') headers.origin = baseUrl;
      const started = performance.now();
      let status = 0;
      let json;
      try {
        const res = await fetch(`${baseUrl}${path}`, {
          method,
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        status = res.status;
        const text = await res.text();
        if (text && res.headers.get('content-type')?.startsWith('application/json')) json = JSON.parse(text);
      } catch {
        status = 0;
      }
      record(kind, performance.now() - started, status);
      return { status, json };
    },

    /** Per kind: requests, p50 and p99 latency (ms), 5xx and other failures. */
    summary() {
      const rows = [];
      for (const [kind, { latencies, statuses }] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
        const sorted = [...latencies].sort((a, b) => a - b);
        const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
        let serverErrors = 0;
        let otherFailures = 0;
        for (const [status, n] of statuses) {
          if (status >= 500) serverErrors += n;
          else if (status === 0 || status >= 400) otherFailures += n;
        }
        rows.push({
          kind,
          requests: sorted.length,
          p50: at(0.5),
          p99: at(0.99),
          serverErrors,
          otherFailures,
          statuses,
        });
      }
      return rows;
    },
  };
}

/** What the clients were told was stored. */
export function createLedger() {
  return {
    events: 0,
    eventBatches: 0,
    videoSessions: 0,
    enrollments: new Set(),
    /** `${userId} ${lessonId}` -> { last: 'open' | 'progress', position } for every acknowledged open or report. */
    progress: new Map(),
    opened(userId, lessonId) {
      const key = `${userId} ${lessonId}`;
      this.videoSessions += 1;
      this.progress.set(key, { last: 'open', position: this.progress.get(key)?.position ?? 0 });
    },
    reported(userId, lessonId, position) {
      this.progress.set(`${userId} ${lessonId}`, { last: 'progress', position });
    },
  };
}
