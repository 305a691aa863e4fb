import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { type ReceivedMail, startSmtpSink } from '../support/smtp-sink.ts';

/**
 * The mail queue (pg-boss over the product's own database, apps/api/src/providers/jobs/job-queue.ts) as real
 * server processes run it, delivering to a real SMTP server on 127.0.0.1:
 * - a server SIGKILLed while a delivery is in flight (the SMTP server has read its DATA and not answered):
 *   after a restart on the same data every email arrives exactly once and its row is 'sent'. PGlite (the data
 *   folder) in the PGlite pass, PostgreSQL in the PostgreSQL pass.
 * - two server processes on one PostgreSQL database with workers on: every email arrives exactly once, and
 *   both processes delivered some (each one's email_deliveries_total). PostgreSQL pass only.
 */
const base = process.env.TEST_DATABASE_URL;
const KIND = base ? 'PostgreSQL' : 'PGlite';
const SUPPORT_INBOX = 'team@kaushal.test';
const sink = await startSmtpSink();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** The contact form as a visitor's browser posts it (same origin); `from` is the visitor's address behind the proxy. */
async function submitContact(baseUrl: string, writer: { name: string; email: string }, from?: string) {
  const res = await fetch(`${baseUrl}/api/v1/contact/submit`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseUrl,
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    body: JSON.stringify({
      ...writer,
      subject: 'Cannot play lesson 3',
      category: 'technical',
      message: 'The video stops at 2:10 every time.',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { ticket_id: string }).ticket_id;
}

interface MailRow {
  id: string;
  kind: string;
  status: string;
  attempts: number;
}
interface JobRow {
  state: string;
  retry_count: number;
  email_id: string;
}

/** The email rows and their delivery jobs, read from the database (the server holding it must have stopped on PGlite). */
async function readQueue(options: { url?: string | undefined; pgliteDir?: string }) {
  const database = await openDatabase(options);
  try {
    const mails = (await database.runSql('select id, kind, status, attempts from email_messages order by id', []))
      .rows as unknown as MailRow[];
    const jobs = (
      await database.runSql(
        "select state::text as state, retry_count, data->>'emailId' as email_id from jobs.job where name = $1",
        ['email-delivery'],
      )
    ).rows as unknown as JobRow[];
    return { mails, jobs };
  } finally {
    await database.close();
  }
}

const messageIds = (mails: ReceivedMail[]) => mails.map((m) => m.parsed.messageId ?? '');
const idOf = (messageId: string) => messageId.replace(/^<|@.*$/g, '');

afterAll(() => sink.stop());
afterEach(() => {
  sink.received.length = 0;
  sink.dataSeen = 0;
  sink.holdData = false;
  sink.answerDelayMs = 0;
});

describe(`the server killed mid-delivery (${KIND})`, () => {
  let dataDir = '';
  let scratch: ScratchDatabase | undefined;
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers each email exactly once after a restart on the same data', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-mail-kill-'));
    scratch = base ? await createScratchDatabase(base, 'mailkill') : undefined;
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      SESSION_SECRET: 'mail-kill-session-secret-0123456789abcdef',
      MEDIA_SIGNING_SECRET: 'mail-kill-media-secret-0123456789abcdefgh',
      JOBS_WORKER: 'true',
      SMTP_URL: sink.url,
      SUPPORT_INBOX,
      // A try may run 2 × 2 s before the queue counts it lost; lost tries are looked for every second.
      EMAIL_TIMEOUT_SECONDS: '2',
      EMAIL_RETRY_DELAY_SECONDS: '1',
      JOBS_MAINTENANCE_SECONDS: '1',
    };
    const first = await startServerProcess(env);
    servers.push(first);

    // One contact message queues two emails (the acknowledgement and the staff copy); the worker takes one at
    // a time, so the first is in flight, its DATA read and never answered, when the process dies.
    sink.holdData = true;
    await submitContact(first.baseUrl, { name: 'Meera Iyer', email: 'meera@example.com' });
    await until('the SMTP server reads the first DATA', () => sink.dataSeen >= 1);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(sink.received).toHaveLength(0);
    expect(sink.dataSeen).toBe(1);

    sink.holdData = false;
    const restarted = await startServerProcess(env);
    servers.push(restarted);
    await sink.waitFor(2, 30_000);
    // A second copy of either would come from a try taken again: the lost-try window (4 s) and a retry delay.
    await sleep(6_000);
    const received = [...sink.received];
    expect(received).toHaveLength(2);
    const recipients = received.map((m) => m.envelopeTo.join(',')).sort();
    expect(recipients).toEqual(['meera@example.com', SUPPORT_INBOX].sort());
    expect(new Set(messageIds(received)).size).toBe(2);

    await restarted.stop();
    const { mails, jobs } = await readQueue(base ? { url: scratch?.url } : { pgliteDir: path.join(dataDir, 'pglite') });
    expect(mails.map((m) => [m.kind, m.status, m.attempts]).sort()).toEqual([
      ['contact_ack', 'sent', 1],
      ['contact_staff', 'sent', 1],
    ]);
    expect(messageIds(received).map(idOf).sort()).toEqual(mails.map((m) => m.id).sort());
    // Both jobs done; the one cut off by the kill was taken once more after the restart, the other once.
    expect(jobs.map((j) => j.state)).toEqual(['completed', 'completed']);
    expect(jobs.map((j) => Number(j.retry_count)).sort()).toEqual([0, 1]);
    process.stdout.write(
      `server killed mid-delivery (${KIND}): the SMTP server held 1 DATA at SIGKILL; after the restart 2 of 2 ` +
        'emails arrived once each, rows sent, the cut-off job taken again once\n',
    );
  }, 240_000);
});

const WRITERS = 20;

describe.runIf(Boolean(base))(
  'two server processes share the mail queue (PostgreSQL; skipped without TEST_DATABASE_URL)',
  () => {
    let scratch: ScratchDatabase | undefined;
    const dataDirs: string[] = [];
    const servers: ServerProcess[] = [];

    afterAll(async () => {
      for (const server of servers) await server.stop();
      await scratch?.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it(`delivers ${WRITERS * 2} emails exactly once between them, each process taking some`, async () => {
      scratch = await createScratchDatabase(base as string, 'mailtwo');
      const METRICS_TOKEN = 'mail-two-metrics-token-0123456789abcdef';
      const envFor = (dataDir: string) => ({
        DATA_DIR: dataDir,
        DATABASE_URL: scratch?.url ?? '',
        SESSION_SECRET: 'mail-two-session-secret-0123456789abcdefg',
        MEDIA_SIGNING_SECRET: 'mail-two-media-secret-0123456789abcdefghi',
        METRICS_TOKEN,
        // Each contact message comes from a visitor address of its own (the form allows 5 per address).
        TRUST_PROXY: '127.0.0.1',
        JOBS_WORKER: 'true',
        SMTP_URL: sink.url,
        SUPPORT_INBOX,
        EMAIL_TIMEOUT_SECONDS: '5',
        EMAIL_RETRY_DELAY_SECONDS: '1',
        JOBS_MAINTENANCE_SECONDS: '1',
      });
      // One after the other: the first start migrates and creates the queue's tables, the second finds them.
      for (const name of ['one', 'two']) {
        const dataDir = mkdtempSync(path.join(tmpdir(), `kaushal-mail-${name}-`));
        dataDirs.push(dataDir);
        servers.push(await startServerProcess(envFor(dataDir)));
      }
      // A mail server that takes a moment per message, as a real one does: the queue is not drained by one
      // process between two polls of the other.
      sink.answerDelayMs = 50;

      const queuedAt = Date.now();
      await Promise.all(
        Array.from({ length: WRITERS }, (_, i) =>
          submitContact(
            servers[i % 2]?.baseUrl ?? '',
            { name: `Writer ${i}`, email: `writer-${i}@example.com` },
            `203.0.113.${10 + i}`,
          ),
        ),
      );
      await sink.waitFor(WRITERS * 2, 60_000);
      const seconds = (Date.now() - queuedAt) / 1000;
      await sleep(4_000);
      const received = [...sink.received];
      expect(received).toHaveLength(WRITERS * 2);
      expect(new Set(messageIds(received)).size).toBe(WRITERS * 2);

      const sent: number[] = [];
      for (const server of servers) {
        const res = await fetch(`${server.baseUrl}/api/v1/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(res.status).toBe(200);
        const text = await res.text();
        const count = (outcome: string) =>
          Number(text.match(new RegExp(`^email_deliveries_total\\{outcome="${outcome}"\\} (\\d+)`, 'm'))?.[1] ?? 0);
        expect(count('retry') + count('failed')).toBe(0);
        sent.push(count('sent'));
      }
      expect(
        sent.every((n) => n > 0),
        `deliveries per process: ${sent.join(', ')}`,
      ).toBe(true);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(WRITERS * 2);

      const { mails, jobs } = await readQueue({ url: scratch.url });
      expect(mails).toHaveLength(WRITERS * 2);
      expect(mails.filter((m) => m.status !== 'sent' || m.attempts !== 1)).toEqual([]);
      expect(messageIds(received).map(idOf).sort()).toEqual(mails.map((m) => m.id).sort());
      // No job was started twice (pg-boss counts a second start of a job in retry_count).
      expect(jobs).toHaveLength(WRITERS * 2);
      expect(jobs.filter((j) => j.state !== 'completed' || Number(j.retry_count) !== 0)).toEqual([]);
      process.stdout.write(
        `two processes on PostgreSQL: ${WRITERS * 2} emails in ${seconds.toFixed(1)} s, each arrived once (distinct Message-IDs), ` +
          `delivered ${sent.join(' + ')} by the two processes, no job started twice\n`,
      );
    }, 240_000);
  },
);
