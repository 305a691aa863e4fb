import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_ENV, testConfig } from '../../test/app.ts';
import { testDatabase } from '../../test/db.ts';
import { buildApp } from '../app.ts';
import { loadSiteConfig } from '../content/load.ts';
import type { Database } from '../db/client.ts';

/** PUBLIC_URL is http://localhost:3999 in these apps (test/app.ts); the server also answers on 127.0.0.1:3999. */
describe('pages served on the public origin only (outside production)', () => {
  const apps: FastifyInstance[] = [];
  let database: Database;
  // In a hook (60 s), not the first test (20 s): a new PGlite takes seconds on a busy machine.
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  const appWith = async (env: Record<string, string> = {}) => {
    const config = testConfig(env);
    const app = await buildApp({
      config,
      database,
      site: await loadSiteConfig(config.contentDir),
      logger: false,
    });
    apps.push(app);
    return app;
  };

  it('redirects a page opened at 127.0.0.1 to the same path and query on PUBLIC_URL, setting no cookie', async () => {
    const app = await appWith();
    for (const [url, method] of [
      ['/', 'GET'],
      ['/courses?page=2', 'GET'],
      ['/login', 'HEAD'],
      ['/assets/index.js', 'GET'],
    ] as const) {
      const res = await app.inject({ method, url, headers: { host: '127.0.0.1:3999' } });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`http://localhost:3999${url}`);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    // A path that looks like another host stays a path on the public origin.
    const odd = await app.inject({ url: '//evil.example/x', headers: { host: '127.0.0.1:3999' } });
    expect(odd.headers.location).toBe('http://localhost:3999//evil.example/x');
  });

  it('redirects opening the sign-in at 127.0.0.1 before its state cookie is set on the wrong host', async () => {
    const app = await appWith();
    const wrongHost = await app.inject({
      url: '/api/v1/auth/google/login',
      headers: { host: '127.0.0.1:3999', 'sec-fetch-mode': 'navigate' },
    });
    expect(wrongHost.statusCode).toBe(302);
    expect(wrongHost.headers.location).toBe('http://localhost:3999/api/v1/auth/google/login');
    expect(wrongHost.headers['set-cookie']).toBeUndefined();

    // On the public host the same request starts the flow and sets its state cookie.
    const publicHost = await app.inject({
      url: '/api/v1/auth/google/login',
      headers: { host: 'localhost:3999', 'sec-fetch-mode': 'navigate' },
    });
    expect(publicHost.statusCode).toBe(302);
    expect(String(publicHost.headers['set-cookie'])).toContain('HttpOnly');
  });

  it('leaves alone: the public host, other ports, API fetches, other methods', async () => {
    const app = await appWith();
    const status = async (options: { url: string; headers: Record<string, string> }) =>
      (await app.inject(options)).statusCode;
    expect(await status({ url: '/api/v1/health', headers: { host: 'localhost:3999' } })).toBe(200);
    // Another port: a proxy or dev server in front decides.
    expect(
      await status({ url: '/api/v1/health', headers: { host: '127.0.0.1:5173', 'sec-fetch-mode': 'navigate' } }),
    ).toBe(200);
    expect(
      (await app.inject({ url: '/courses', headers: { host: '127.0.0.1:8080' } })).headers.location,
    ).toBeUndefined();
    // A fetch (or curl) of the API at 127.0.0.1 is answered, not redirected.
    expect(await status({ url: '/api/v1/health', headers: { host: '127.0.0.1:3999' } })).toBe(200);
    expect(await status({ url: '/api/v1/health', headers: { host: '127.0.0.1:3999', 'sec-fetch-mode': 'cors' } })).toBe(
      200,
    );
    // A POST is never redirected (it would lose its body); it meets the usual checks instead.
    const post = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { host: '127.0.0.1:3999', origin: 'http://localhost:3999' },
    });
    expect(post.statusCode).not.toBe(302);
  });

  it('leaves API calls of a separately hosted web app (WEB_ORIGIN) alone', async () => {
    const app = await appWith({ WEB_ORIGIN: 'http://127.0.0.1:5173' });
    const res = await app.inject({
      url: '/api/v1/courses/featured',
      headers: { host: '127.0.0.1:3999', origin: 'http://127.0.0.1:5173', 'sec-fetch-mode': 'cors' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
  });

  it('does not redirect in production, where the reverse proxy decides the host names', async () => {
    const app = await appWith({ ...PRODUCTION_TEST_ENV, PUBLIC_URL: 'http://localhost:3999' });
    const res = await app.inject({ url: '/courses', headers: { host: '127.0.0.1:3999' } });
    expect(res.statusCode).not.toBe(302);
    expect(res.headers.location).toBeUndefined();
  });
});
