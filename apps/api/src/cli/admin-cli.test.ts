import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApiCommand } from '../../test/support/server-process.ts';
import { openDatabase } from '../db/client.ts';
import { auditLog, userRoles, users } from '../db/schema.ts';

/** `npm run admin` against an embedded database of its own (DATA_DIR), as an operator runs it. */
describe('npm run admin', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-admin-cli-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const inDatabase = async <T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) => {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await database.migrate();
      return await work(database.db);
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    await inDatabase((db) => db.insert(users).values({ email: 'first.admin@example.com', name: 'First Admin' }));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Four cold CLI processes, each starting tsx and opening the embedded database: on a loaded two-core machine
  // (the full suite runs test files side by side) that took longer than the suite's 20 s default.
  it('grants, lists and revokes a staff role, each audited as the CLI', { timeout: 90_000 }, async () => {
    const granted = await runApiCommand('admin', ['grant', 'First.Admin@example.com', 'admin'], env);
    expect(granted.stdout.trim(), granted.stderr).toBe('First.Admin@example.com is now admin.');
    expect(granted.code).toBe(0);
    const again = await runApiCommand('admin', ['grant', 'first.admin@example.com', 'admin'], env);
    expect(again.stdout.trim()).toBe('first.admin@example.com was already admin.');
    const list = await runApiCommand('admin', ['list'], env);
    expect(list.stdout.trim()).toBe('first.admin@example.com\tadmin');
    const revoked = await runApiCommand('admin', ['revoke', 'first.admin@example.com', 'admin'], env);
    expect(revoked.stdout.trim()).toBe('first.admin@example.com is no longer admin.');
    const rows = await inDatabase(async (db) => ({
      roles: await db.select().from(userRoles),
      audit: await db.select().from(auditLog).where(eq(auditLog.actorEmail, 'cli')),
    }));
    expect(rows.roles).toEqual([]);
    expect(rows.audit.map((r) => r.action)).toEqual(['role.grant', 'role.revoke']);
  });

  it('says what is wrong: an unknown person, a made-up role, no command', { timeout: 90_000 }, async () => {
    const unknown = await runApiCommand('admin', ['grant', 'nobody@example.com', 'admin'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No user has the email nobody@example.com: they must sign in once first');
    const role = await runApiCommand('admin', ['grant', 'first.admin@example.com', 'superuser'], env);
    expect(role.code).toBe(2);
    expect(role.stderr).toContain('npm run admin -- grant EMAIL ROLE');
    expect((await runApiCommand('admin', [], env)).code).toBe(2);
  });
});
