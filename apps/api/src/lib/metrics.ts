import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The product's Prometheus metrics, one registry per app (tests build many apps in one process).
 * Modules record through the typed helpers; the exposition is served at /api/v1/metrics behind a token.
 */
export function createMetrics(poolStats?: () => PoolStats) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const eventsIngested = new Counter({
    name: 'video_events_ingested_total',
    help: 'Watch events stored',
    registers: [registry],
  });
  const payments = new Counter({
    name: 'payments_total',
    help: 'Payment outcomes: created, verified, failed, refunded, rejected (bad signature)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const emailDeliveries = new Counter({
    name: 'email_deliveries_total',
    help: 'Email delivery tries: sent, retry (will be tried again), failed (given up: staff should look)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  if (poolStats) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  return {
    registry,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      httpRequests.inc({ method, route, status: String(status) });
      httpDuration.observe({ method, route }, seconds);
    },
    eventsIngested: (count: number) => eventsIngested.inc(count),
    payment: (outcome: 'created' | 'verified' | 'failed' | 'refunded' | 'rejected') => payments.inc({ outcome }),
    emailDeliveries: (outcome: 'sent' | 'retry' | 'failed') => emailDeliveries.inc({ outcome }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
