import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { loadSiteConfig } from '../src/content/load.ts';
import type { Database } from '../src/db/client.ts';
import { repoRoot } from '../src/paths.ts';
import { resetDatabase, seedTestCatalogue, testDatabase } from './db.ts';

export const TEST_ORIGIN = 'http://localhost:3999';

/** The least a production configuration needs (real-looking providers and secrets), for tests of production. */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@localhost/db',
  GOOGLE_CLIENT_ID: 'g',
  GOOGLE_CLIENT_SECRET: 'g',
  GITHUB_CLIENT_ID: 'h',
  GITHUB_CLIENT_SECRET: 'h',
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'whsecret-0123456789',
  SMTP_URL: 'smtp://mail.example.com:587',
  MAIL_FROM: 'Kaushal AI <no-reply@example.com>',
  INVOICE_SUPPLIER_NAME: 'Kaushal AI Learning Private Limited',
  INVOICE_SUPPLIER_ADDRESS: 'MG Road, Bangalore, Karnataka 560001, India',
  INVOICE_SUPPLIER_GSTIN: '27AAPFU0939F1ZV',
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '3999',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: path.join(repoRoot, 'data', 'test'),
    SESSION_SECRET: 'test-session-secret-0123456789abcdefghij',
    MEDIA_SIGNING_SECRET: 'test-media-secret-0123456789abcdefghijkl',
    WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist-missing-in-api-tests'),
    LOG_LEVEL: 'silent',
    CATALOGUE_CACHE_SECONDS: '0',
    // Tests that deliver mail turn the worker on (test/mail.ts); the others only see what was queued.
    JOBS_WORKER: 'false',
    // The HLS tests turn transcoding on with their own tiny clips.
    VIDEO_TRANSCODE: 'false',
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** A mutable clock: set `clock.now` to move time. */
  clock: { now: Date };
}

/**
 * Builds the real app on the worker's database, emptied and (unless `seed: false`) seeded from content/
 * before every test.
 */
export function useTestApp(options: { seed?: boolean; env?: Record<string, string> } = {}): TestContext {
  const ctx = { clock: { now: new Date() } } as TestContext;
  const notJson: string[] = [];
  beforeEach(async () => {
    ctx.clock.now = new Date();
    if (!ctx.app) {
      const config = testConfig(options.env);
      ctx.database = await testDatabase();
      // The worker's database still holds the last file's rows: emptied first, so this app's job worker never
      // delivers that file's queued mail (or runs its jobs) while it starts.
      await resetDatabase(ctx.database);
      ctx.app = await buildApp({
        config,
        database: ctx.database,
        site: await loadSiteConfig(config.contentDir),
        clock: () => ctx.clock.now,
        logger: process.env.TEST_LOG ? { level: 'error' } : false,
      });
      watchJsonAnswers(ctx.app, notJson);
      await ctx.app.ready();
    }
    await resetDatabase(ctx.database);
    if (options.seed !== false) {
      await seedTestCatalogue(ctx.database);
    }
  });
  afterAll(async () => {
    if (ctx.app) await recordAnsweredStatuses(ctx.app);
    await ctx.app?.close();
    // A route the endpoint table calls JSON only carries the lean security headers (decision 056): every answer it
    // gave in this file must have been JSON, or nothing.
    expect(notJson, 'answers of JSON-only routes that were not JSON').toEqual([]);
  });
  return ctx;
}

/** Notes every answer with a body, from a route marked `jsonAnswers`, whose content type is not JSON. */
function watchJsonAnswers(app: FastifyInstance, notJson: string[]) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const hasBody = payload !== null && payload !== undefined && payload !== '';
    if (request.routeOptions.config.jsonAnswers && hasBody && !type.startsWith('application/json')) {
      notJson.push(`${request.method} ${request.routeOptions.url} ${reply.statusCode} ${type}`);
    }
    done(null, payload);
  });
}

/** Where each test app leaves the statuses its routes answered, for `check-documented-statuses.ts`. */
export const ANSWERED_STATUSES_DIR = path.join(repoRoot, 'test-results', 'api-statuses');

/**
 * Writes `method route status` of every answer this app gave, read from the product's own request counter
 * (http_requests_total), so the statuses the whole suite saw can be compared with the OpenAPI document.
 */
async function recordAnsweredStatuses(app: FastifyInstance) {
  const counter = app.deps.metrics.registry.getSingleMetric('http_requests_total');
  if (!counter) return;
  const seen = (await counter.get()).values
    .map(({ labels }) => `${labels.method} ${labels.route} ${labels.status}`)
    .filter((line) => !line.includes(' unmatched '));
  mkdirSync(ANSWERED_STATUSES_DIR, { recursive: true });
  writeFileSync(path.join(ANSWERED_STATUSES_DIR, `${process.pid}-${randomUUID()}.txt`), `${seen.join('\n')}\n`);
}
