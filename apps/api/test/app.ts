import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { loadSiteConfig } from '../src/content/load.ts';
import type { Database } from '../src/db/client.ts';
import { repoRoot } from '../src/paths.ts';
import { resetDatabase, seedTestCatalogue, testDatabase } from './db.ts';

export const TEST_ORIGIN = 'http://localhost:3999';

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
  beforeEach(async () => {
    ctx.clock.now = new Date();
    if (!ctx.app) {
      const config = testConfig(options.env);
      ctx.database = await testDatabase();
      ctx.app = await buildApp({
        config,
        database: ctx.database,
        site: await loadSiteConfig(config.contentDir),
        clock: () => ctx.clock.now,
        logger: false,
      });
      await ctx.app.ready();
    }
    await resetDatabase(ctx.database);
    if (options.seed !== false) {
      await seedTestCatalogue(ctx.database);
    }
  });
  afterAll(async () => {
    await ctx.app?.close();
  });
  return ctx;
}
