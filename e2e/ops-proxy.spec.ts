import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { FAKE_PROFILE_COOKIE, type FakeOAuth, startFakeOAuth } from './support/fake-oauth.ts';
import { freePort, type RunningProduct, startProduct } from './support/product.ts';

/**
 * Production shape, in CI: nginx with the shipped configuration (deploy/nginx/kaushal.conf.template) in front
 * of two API processes sharing one PostgreSQL and one Redis. A learner signs in through the fake OAuth
 * provider via the proxy, and the session works whichever process answers.
 * Needs nginx, TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run provides them); skipped otherwise.
 */
const root = path.resolve(import.meta.dirname, '..');
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const databaseBase = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

test.describe('behind nginx with two API processes', () => {
  test.skip(!nginxBinary || !databaseBase || !redisUrl, 'needs nginx, TEST_DATABASE_URL and TEST_REDIS_URL');
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let workDir = '';
  let nginx: ChildProcess | undefined;
  let oauth: FakeOAuth | undefined;
  const apis: RunningProduct[] = [];
  let proxyUrl = '';
  let databaseUrl = '';

  test.beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'kaushal-proxy-'));
    const name = `kaushal_proxy_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseBase });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(databaseBase ?? '');
    url.pathname = `/${name}`;
    databaseUrl = url.toString();

    const port = await freePort();
    proxyUrl = `http://localhost:${port}`;
    oauth = await startFakeOAuth();
    const shared = {
      ...oauth.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl ?? '',
      PUBLIC_URL: proxyUrl,
      TRUST_PROXY: '127.0.0.1',
      SESSION_SECRET: 'proxy-test-session-secret-0123456789abcdef',
      MEDIA_SIGNING_SECRET: 'proxy-test-media-secret-0123456789abcdefgh',
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    apis.push(await startProduct(shared));
    apis.push(await startProduct(shared));

    const upstreams = apis.map((a) => `server 127.0.0.1:${new URL(a.baseUrl).port};`).join(' ');
    // The template's ${VAR} placeholders are envsubst's, filled here the same way.
    const site = readFileSync(path.join(root, 'deploy/nginx/kaushal.conf.template'), 'utf8')
      // biome-ignore lint/suspicious/noTemplateCurlyInString: an envsubst placeholder, not a template literal
      .replaceAll('${KAUSHAL_UPSTREAMS}', upstreams)
      // biome-ignore lint/suspicious/noTemplateCurlyInString: an envsubst placeholder, not a template literal
      .replaceAll('${KAUSHAL_LISTEN}', `127.0.0.1:${port}`)
      // biome-ignore lint/suspicious/noTemplateCurlyInString: an envsubst placeholder, not a template literal
      .replaceAll('${KAUSHAL_WEB_ROOT}', path.join(root, 'apps/web/dist'));
    writeFileSync(path.join(workDir, 'kaushal.conf'), site);
    for (const dir of ['client', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(workDir, dir));
    writeFileSync(
      path.join(workDir, 'nginx.conf'),
      `worker_processes 1;
daemon off;
pid ${workDir}/nginx.pid;
error_log ${workDir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  log_format upstream '$upstream_addr $status $request_uri';
  access_log ${workDir}/access.log upstream;
  client_body_temp_path ${workDir}/client;
  proxy_temp_path ${workDir}/proxy;
  fastcgi_temp_path ${workDir}/fastcgi;
  uwsgi_temp_path ${workDir}/uwsgi;
  scgi_temp_path ${workDir}/scgi;
  include ${workDir}/kaushal.conf;
}
`,
    );
    execFileSync(nginxBinary ?? 'nginx', ['-t', '-c', path.join(workDir, 'nginx.conf')], { stdio: 'pipe' });
    nginx = spawn(nginxBinary ?? 'nginx', ['-c', path.join(workDir, 'nginx.conf')], { stdio: 'inherit' });
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${proxyUrl}/api/v1/health`)).ok) break;
      } catch {
        // nginx not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  test.afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((r) => nginx?.once('exit', r));
    }
    for (const api of apis) await api.stop();
    await oauth?.stop();
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: databaseBase });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
      await admin.end();
    }
    rmSync(workDir, { recursive: true, force: true });
  });

  test('serves the SPA with long-lived asset caching and proxies the API', async ({ request }) => {
    const html = await request.get(`${proxyUrl}/courses`);
    expect(html.status()).toBe(200);
    expect(html.headers()['cache-control']).toBe('private, no-cache');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(asset).toBeTruthy();
    const js = await request.get(`${proxyUrl}${asset}`);
    expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const courses = await request.get(`${proxyUrl}/api/v1/courses?page=1&size=9`);
    expect(courses.status()).toBe(200);
    expect((await courses.json()).items).toHaveLength(9);
  });

  test('a learner signs in through the proxy and the session works on both processes', async ({ page }) => {
    await page.context().addCookies([
      {
        name: FAKE_PROFILE_COOKIE,
        value: encodeURIComponent(JSON.stringify({ name: 'Proxy Learner', email: 'proxy.learner@example.com' })),
        url: oauth?.url ?? '',
      },
    ]);
    await page.goto(`${proxyUrl}/login`);
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect(page.getByRole('banner').getByText('Proxy Learner')).toBeVisible();

    const statuses = await page.evaluate(async () => {
      const out: number[] = [];
      for (let i = 0; i < 20; i++) out.push((await fetch('/api/v1/auth/me', { cache: 'no-store' })).status);
      return out;
    });
    expect(statuses.every((s) => s === 200)).toBe(true);
    // nginx's log names the upstream of every request: both processes answered the signed-in calls.
    const served = readFileSync(path.join(workDir, 'access.log'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('/api/v1/auth/me') && line.includes(' 200 '))
      .map((line) => line.split(' ')[0]);
    expect(new Set(served).size).toBe(2);
  });
});
