import path from 'node:path';

/**
 * Folders the server reads at run time. This file sits one level below apps/api both as source (src/) and
 * once bundled (dist/), so the same relative paths hold in development, tests and production.
 */
export const apiRoot = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(apiRoot, '../..');
export const migrationsDir = path.join(apiRoot, 'drizzle');
