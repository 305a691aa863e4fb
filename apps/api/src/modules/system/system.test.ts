import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { dbKind } from '../../../test/db.ts';
import { openBackup } from '../../db/pglite-backup.ts';
import { courses as coursesTable } from '../../db/schema.ts';

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

describe('the operator backup endpoint', () => {
  const ctx = useTestApp({ seed: true });
  const backup = (token: string | undefined) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/operator/backup',
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  it('refuses without the token in DATA_DIR/secrets, or with another', async () => {
    const token = ctx.app.deps.config.backupToken as string;
    expect(token.length).toBeGreaterThanOrEqual(43);
    for (const wrong of [undefined, '', 'x'.repeat(token.length), `${token}x`]) {
      const res = await backup(wrong);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('backup_token_required');
    }
  });

  // Three copies of the worker's whole database, each gzipped, and one opened again. Files that ran before this one in
  // the worker have grown that database (423 MB seen before its WAL was bounded, decision 054), so 90 s, as the
  // hostile-input backup cases have.
  it.runIf(dbKind === 'pglite')(
    'answers a gzipped snapshot that opens as the database it was taken from',
    async () => {
      const [first, second] = await Promise.all([
        backup(ctx.app.deps.config.backupToken),
        backup(ctx.app.deps.config.backupToken),
      ]);
      // One snapshot at a time.
      expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
      const res = first?.statusCode === 200 ? first : second;
      expect(res?.headers['content-type']).toBe('application/gzip');
      expect(res?.headers['cache-control']).toBe('no-store');
      const summary = await openBackup(res?.rawPayload as Uint8Array);
      const [courses] = await ctx.database.db.select({ n: count() }).from(coursesTable);
      expect(summary.courses).toBe(courses?.n);
      expect(summary.migrations).toBeGreaterThan(0);
      // The next one is taken once the first has been sent.
      expect((await backup(ctx.app.deps.config.backupToken)).statusCode).toBe(200);
    },
    90_000,
  );

  it.runIf(dbKind === 'postgres')('points to pg_dump on PostgreSQL', async () => {
    const res = await backup(ctx.app.deps.config.backupToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('backup_not_embedded');
  });
});

describe('the operator backup endpoint when DATABASE_URL is set', () => {
  const ctx = useTestApp({ seed: false, env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } });

  it('is not enabled: no token is generated', async () => {
    expect(ctx.app.deps.config.backupToken).toBeUndefined();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/operator/backup' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('backup_disabled');
  });
});
