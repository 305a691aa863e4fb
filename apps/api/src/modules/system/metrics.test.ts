import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('metrics and probes', () => {
  const ctx = useTestApp({ seed: false, env: { METRICS_TOKEN: TOKEN } });

  it('answers liveness without touching the database', async () => {
    const res = await ctx.app.inject('/api/v1/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves Prometheus metrics only with the token', async () => {
    expect((await ctx.app.inject('/api/v1/metrics')).statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          url: '/api/v1/metrics',
          headers: { authorization: 'Bearer wrong-token-of-the-same-len' },
        })
      ).statusCode,
    ).toBe(401);
    await ctx.app.inject('/api/v1/courses?page=1&size=9');
    await ctx.app.inject('/api/v1/courses/no-such-course');
    const res = await ctx.app.inject({ url: '/api/v1/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/v1\/courses",status="200"\} [1-9]/);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/v1\/courses\/:id",status="404"\} 1/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('video_events_ingested_total');
    expect(res.body).toContain('payments_total');
  });
});

describe('metrics without a token configured', () => {
  const ctx = useTestApp({ seed: false });

  it('are not exposed at all', async () => {
    const res = await ctx.app.inject('/api/v1/metrics');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('metrics_disabled');
  });
});
