import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts';
import { type ServerProcess, signInThroughStandIn, startServerProcess } from '../support/server-process.ts';

/**
 * Invoice numbers never skip or repeat when the process dies mid-settlement (decision 024). The test holds the
 * invoice counter's row lock from its own connection, so a verify blocks inside its settling transaction after
 * the order was marked paid; the server is killed there (SIGKILL: no shutdown hook runs). Nothing of that
 * settlement may survive, and after a restart the same payment settles with the next number, no gap.
 * PostgreSQL only: the test needs a second connection to the server's database.
 */
const base = process.env.TEST_DATABASE_URL;
const COURSE = 'vector-databases';
const TIER = 'vector-databases-weekly';

describe.runIf(Boolean(base))(
  'the server killed in the middle of a settlement (PostgreSQL; skipped without TEST_DATABASE_URL)',
  () => {
    let dataDir = '';
    let scratch: ScratchDatabase | undefined;
    let server: ServerProcess | undefined;
    let client: pg.Client | undefined;

    afterAll(async () => {
      await server?.stop();
      await client?.end().catch(() => {});
      await scratch?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('leaves the invoice counter and the order as they were, and the next settlement takes the next number', async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-invoice-kill-'));
      scratch = await createScratchDatabase(base ?? '', 'invoicekill');
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        SESSION_SECRET: 'invoice-kill-session-secret-0123456789abcdef',
        MEDIA_SIGNING_SECRET: 'invoice-kill-media-secret-0123456789abcdefgh',
      };
      server = await startServerProcess(env);
      const cookie = await signInThroughStandIn(server.baseUrl, { name: 'Kiran Rao', email: 'kiran@example.com' });
      const call = (baseUrl: string, url: string, body: unknown) =>
        fetch(`${baseUrl}/api/v1${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
          body: JSON.stringify(body),
        });
      const order = async (baseUrl: string) => {
        const created = await call(baseUrl, '/payments/create-order', { courseId: COURSE, pricingTierId: TIER });
        expect(created.status).toBe(200);
        const { orderId } = (await created.json()) as { orderId: string };
        const paid = await call(baseUrl, '/payments/sandbox/pay', { orderId });
        return { orderId, payment: (await paid.json()) as Record<string, string> };
      };

      // A first settlement makes the counter row of this financial year.
      const first = await order(server.baseUrl);
      expect((await call(server.baseUrl, '/payments/verify', first.payment)).status).toBe(200);

      client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const second = await order(server.baseUrl);
      await client.query('begin');
      await client.query('select * from invoice_counters for update');
      const verify = call(server.baseUrl, '/payments/verify', second.payment).catch(() => null);
      // The settlement is in its transaction, waiting for the counter: the order is already marked paid there.
      const deadline = Date.now() + 30_000;
      while ((await client.query('select 1 from pg_locks where not granted')).rowCount === 0) {
        if (Date.now() > deadline) throw new Error('the settlement never waited for the invoice counter');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      server.child.kill('SIGKILL');
      await server.exited;
      await client.query('rollback');
      expect(await verify).toBeNull();

      // The dead connection's transaction is gone with it: wait until PostgreSQL has ended it.
      while (
        (
          await client.query(
            "select 1 from pg_stat_activity where state like 'idle in transaction%' or wait_event_type = 'Lock'",
          )
        ).rowCount
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const afterKill = await client.query<{ status: string }>('select status from payment_orders where id = $1', [
        second.orderId,
      ]);
      expect(afterKill.rows[0]?.status).toBe('created');
      const counters = await client.query<{ last_seq: number }>('select last_seq from invoice_counters');
      expect(counters.rows.map((row) => row.last_seq)).toEqual([1]);

      // Restarted, the same payment settles (the learner's retry, or Razorpay's webhook) with number 2.
      server = await startServerProcess(env);
      expect((await call(server.baseUrl, '/payments/verify', second.payment)).status).toBe(200);
      const third = await order(server.baseUrl);
      expect((await call(server.baseUrl, '/payments/verify', third.payment)).status).toBe(200);
      const issued = await client.query<{ order_id: string; seq: number; number: string }>(
        "select order_id, seq, number from invoices where kind = 'invoice' order by seq",
      );
      expect(issued.rows.map((row) => [row.order_id, row.seq])).toEqual([
        [first.orderId, 1],
        [second.orderId, 2],
        [third.orderId, 3],
      ]);
      expect(issued.rows.map((row) => row.number)).toEqual([
        expect.stringMatching(/^INV\/\d{4}\/00001$/),
        expect.stringMatching(/^INV\/\d{4}\/00002$/),
        expect.stringMatching(/^INV\/\d{4}\/00003$/),
      ]);
    }, 300_000);
  },
);
