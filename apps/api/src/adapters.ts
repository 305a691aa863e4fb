import type { SiteConfig } from '@kaushal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { batchOptionsFor } from './lib/batching.ts';
import type { Metrics } from './lib/metrics.ts';
import { createPdfThread, type PdfThread } from './lib/pdf-thread.ts';
import type { Clock } from './lib/time.ts';
import { SessionLookup } from './modules/auth/index.ts';
import { EventWriter, ProgressWriter } from './modules/learning/index.ts';
import { Outbox } from './modules/mail/index.ts';
import { HlsAccess } from './modules/streaming/index.ts';
import { drawPdfJob } from './pdf-jobs.ts';
import { JobQueue } from './providers/jobs/job-queue.ts';
import { createMailboxMailer, type Mailer } from './providers/mail/mailer.ts';
import { createSmtpMailer } from './providers/mail/smtp-mailer.ts';
import type { MediaStore } from './providers/media/media-store.ts';
import { createMediaStore } from './providers/media/media-store-config.ts';
import { createOAuthProviders, type OAuthProvider, type ProviderId } from './providers/oauth/index.ts';
import { type ConfiguredPaymentProvider, createPaymentProvider } from './providers/payments/index.ts';

/** Everything the routes use that talks to the outside or holds shared state; built once per app. */
export interface Adapters {
  payments: ConfiguredPaymentProvider;
  /** Per provider: the real one, the development stand-in, or null (not configured: sign-in refused). */
  oauthProviders: Record<ProviderId, OAuthProvider | null>;
  media: MediaStore;
  /** Group-commits watch events (one per app: its queue is the batch). */
  eventWriter: EventWriter;
  /** Group-commits progress reports (one per app: its queue is the batch). */
  progressWriter: ProgressWriter;
  /** Batches the session lookups of concurrent requests (one per app: its queue is the batch). */
  sessionLookup: SessionLookup;
  /** Background jobs on the product's database (pg-boss); started by buildApp. */
  jobs: JobQueue;
  /** SMTP, or the development mailbox when SMTP_URL is unset outside production. */
  mailer: Mailer;
  /** Stores an email with its delivery job inside the transaction of the fact it reports. */
  outbox: Outbox;
  /** HLS tokens, leases and playlists (decision 034). */
  hlsAccess: HlsAccess;
  /** Invoices and certificates drawn on a worker thread, off the event loop (decision 046). */
  pdfThread: PdfThread;
}

/**
 * The composition root: each adapter built from configuration, in one place. Route plugins receive them
 * through `app.deps` and construct nothing that talks to the outside, so swapping an implementation (S3 for
 * the local folder, a mailer, a job queue) is a change here and in its factory.
 */
export function createAdapters(
  config: Config,
  database: Database,
  services: { clock: Clock; metrics: Metrics; log: FastifyBaseLogger; site: SiteConfig },
): Adapters {
  const batching = batchOptionsFor(database);
  const jobs = new JobQueue(database, {
    runWorkers: config.jobs.worker,
    pollingSeconds: 1,
    maintenanceSeconds: config.jobs.maintenanceSeconds,
    onError: (error) => services.log.error({ err: error }, 'job queue error'),
  });
  const outbox = new Outbox(jobs, { site: services.site, publicUrl: config.publicUrl });
  return {
    payments: createPaymentProvider(config, (details, message) => services.log.error(details, message)),
    oauthProviders: createOAuthProviders(config, services.clock),
    media: createMediaStore(config),
    eventWriter: new EventWriter(database.db, services.metrics.eventsIngested, batching),
    sessionLookup: new SessionLookup(database.db, batching),
    jobs,
    // Two batches in flight on PostgreSQL (of the pool's 10 connections): more lanes make smaller batches, and
    // each batch's transaction costs both processes CPU (decision 048). PGlite has one connection.
    progressWriter: new ProgressWriter(database.db, outbox, {
      ...batching,
      lanes: database.kind === 'postgres' ? 2 : 1,
    }),
    mailer: config.mail.smtpUrl
      ? createSmtpMailer({
          url: config.mail.smtpUrl,
          from: mailFrom(config, services.site),
          dkim: config.mail.dkim ?? undefined,
          timeoutMs: config.mail.timeoutSeconds * 1000,
        })
      : createMailboxMailer(),
    outbox,
    hlsAccess: new HlsAccess(database.db, config.mediaSigningSecret),
    pdfThread: createPdfThread(drawPdfJob, {
      onFallback: (error) => services.log.warn({ err: error }, 'PDF worker unavailable: drawn on the main thread'),
    }),
  };
}

/** MAIL_FROM, or the product's name at no-reply@ the public host (development). */
export function mailFrom(config: Config, site: SiteConfig): string {
  return config.mail.from ?? `"${site.productName}" <no-reply@${new URL(config.publicUrl).hostname}>`;
}
