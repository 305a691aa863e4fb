/**
 * Jobs per second through the product's job queue (pg-boss over the product's own database): JOBS emails queued
 * through the transactional outbox (the email row and its delivery job in one transaction each, as a contact
 * message or a payment queues them), then delivered by one worker (one process, the server's settings: one job
 * at a time, polling every second) to the development mailbox, each try reading the row, marking it sent and
 * completing the job. No server runs meanwhile, so this worker is the only one. Bounded by --seconds.
 *   npx tsx bench/jobs.ts --data-dir DIR --out FILE [--jobs 1000] [--seconds 20] [--database-url URL]
 * PGlite in a fresh DIR/pglite; on PostgreSQL the bench's database, the rows it adds deleted afterwards.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { loadSiteConfig } from '../apps/api/src/content/load.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createPdfThread } from '../apps/api/src/lib/pdf-thread.ts';
import { systemClock } from '../apps/api/src/lib/time.ts';
import { invoiceAttachment } from '../apps/api/src/modules/invoices/index.ts';
import { emailDeliveryHandler } from '../apps/api/src/modules/mail/delivery.ts';
import { EMAIL_DELIVERY_QUEUE, emailDeliveryQueue, Outbox } from '../apps/api/src/modules/mail/outbox.ts';
import { contactAckMail } from '../apps/api/src/modules/mail/templates/contact.ts';
import { repoRoot } from '../apps/api/src/paths.ts';
import { drawPdfJob } from '../apps/api/src/pdf-jobs.ts';
import { JOBS_SCHEMA, JobQueue } from '../apps/api/src/providers/jobs/job-queue.ts';
import { createMailboxMailer } from '../apps/api/src/providers/mail/mailer.ts';
import { ensureDatabase } from './database.ts';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    out: { type: 'string' },
    jobs: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
    'database-url': { type: 'string' },
  },
});
const JOBS = Number(args.jobs);
const BOUND_MS = Number(args.seconds) * 1000;
const ADDRESS_PREFIX = 'bench-jobs-';
const PUBLIC_URL = 'http://127.0.0.1';

const dataDir = args['data-dir'] ?? 'bench/results/jobs-data';
if (!args['database-url']) rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
if (args['database-url']) await ensureDatabase(args['database-url']);
const database = await openDatabase({
  url: args['database-url'],
  pgliteDir: args['database-url'] ? undefined : path.join(dataDir, 'pglite'),
});
await database.migrate();

let failures = 0;
const quiet = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const jobs = new JobQueue(database, {
  runWorkers: true,
  pollingSeconds: 1,
  maintenanceSeconds: 60,
  onError: (error) => {
    failures += 1;
    console.error('job queue error', error);
  },
});
// The server's policy for the queue (EMAIL_TIMEOUT_SECONDS and EMAIL_RETRY_DELAY_SECONDS defaults).
jobs.define([emailDeliveryQueue(120, 30)]);
await jobs.start();

/** This benchmark's rows (a run cut short leaves some behind on PostgreSQL): deleted before and after. */
async function deleteOwnRows() {
  await database.runSql(
    `delete from ${JOBS_SCHEMA}.job where name = $1 and data->>'emailId' in
       (select id::text from email_messages where to_address like $2)`,
    [EMAIL_DELIVERY_QUEUE, `${ADDRESS_PREFIX}%`],
  );
  await database.runSql('delete from email_messages where to_address like $1', [`${ADDRESS_PREFIX}%`]);
}
await deleteOwnRows();

const site = await loadSiteConfig(path.join(repoRoot, 'content'));
const outbox = new Outbox(jobs, { site, publicUrl: PUBLIC_URL });
const mail = contactAckMail(outbox.context, {
  ticketId: 'KAI-BENCH-0001',
  name: 'Bench Writer',
  email: 'bench@example.com',
  phone: null,
  subject: 'Cannot play lesson 3',
  category: 'technical',
  message: 'The video stops at 2:10 every time.',
  signedIn: false,
});

// 1. Queue: one transaction per email, as the facts that send mail do.
const queueStarted = performance.now();
for (let i = 0; i < JOBS; i++) {
  await database.db.transaction(async (tx) => {
    await outbox.queue(tx, {
      kind: 'contact_ack',
      userId: null,
      to: { name: `Writer ${i}`, address: `${ADDRESS_PREFIX}${i}@example.com` },
      mail,
      now: new Date(),
    });
  });
}
const queueSeconds = (performance.now() - queueStarted) / 1000;

// 2. Deliver: one worker until every job is completed, or the bound.
const completed = async () => (await jobs.countByState(EMAIL_DELIVERY_QUEUE)).completed ?? 0;
const before = await completed();
const deliverStarted = performance.now();
// The contact acknowledgements carry no invoice; the resolver is the product's all the same.
const pdfThread = createPdfThread(drawPdfJob);
await jobs.work(
  EMAIL_DELIVERY_QUEUE,
  emailDeliveryHandler({
    db: database.db,
    mailer: createMailboxMailer(),
    clock: systemClock,
    log: quiet,
    messageIdHost: '127.0.0.1',
    resolveAttachment: invoiceAttachment(database.db, pdfThread),
  }),
);
let done = 0;
while (done < JOBS && performance.now() - deliverStarted < BOUND_MS) {
  await new Promise((r) => setTimeout(r, 50));
  done = (await completed()) - before;
}
const deliverSeconds = (performance.now() - deliverStarted) / 1000;
await jobs.stop();
await pdfThread.close();
await deleteOwnRows();
await database.close();

const result = {
  database: database.kind,
  jobs: JOBS,
  queue: { jobs: JOBS, seconds: queueSeconds, perSecond: JOBS / queueSeconds },
  deliver: { jobs: done, seconds: deliverSeconds, perSecond: done / deliverSeconds, bounded: done < JOBS },
  errors: failures,
};
if (args.out) writeFileSync(args.out, JSON.stringify(result, null, 2));
else console.log(JSON.stringify(result));
