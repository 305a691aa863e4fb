import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';

describe('system', () => {
  const ctx = useTestApp({ seed: false });

  it('reports health with the database', async () => {
    const res = await ctx.app.inject('/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject('/api/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'There is no API endpoint at this path.', code: 'not_found' });
  });

  it('streams the demo video with HTTP Range', async () => {
    const full = await ctx.app.inject('/api/v1/demo-video');
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['accept-ranges']).toBe('bytes');
    const size = Number(full.headers['content-length']);
    const part = await ctx.app.inject({ url: '/api/v1/demo-video', headers: { range: 'bytes=0-1023' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-1023/${size}`);
    expect(part.rawPayload.length).toBe(1024);
    const beyond = await ctx.app.inject({ url: '/api/v1/demo-video', headers: { range: `bytes=${size + 10}-` } });
    expect(beyond.statusCode).toBe(416);
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('bad_origin');
  });
});

describe('request bodies', () => {
  const ctx = useTestApp({ seed: false });

  it('treats an empty JSON body as no body, and still refuses malformed or poisoned JSON', async () => {
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3999' },
      payload: '',
    });
    expect(empty.statusCode).toBeLessThan(300);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact/submit',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3999' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'The request body is not valid JSON.', code: 'invalid_json' });
    const poisoned = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact/submit',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3999' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
