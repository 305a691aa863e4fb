import { endpoints } from '@kaushal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { badRequest } from '../../lib/errors.ts';
import type { QueueDefinition } from '../../providers/jobs/job-queue.ts';
import { pathOnlyRequestLog } from '../auth/index.ts';
import { type AttachmentResolver, emailDeliveryHandler } from './delivery.ts';
import { EMAIL_DELIVERY_QUEUE, emailDeliveryQueue } from './outbox.ts';
import { queueWeeklyReminders, REMINDERS_CRON, REMINDERS_QUEUE } from './reminders.ts';
import { escapeHtml } from './templates/layout.ts';
import { turnRemindersOff, verifyUnsubscribeToken } from './unsubscribe.ts';

/** How long to wait before trying again to start the queue when the database did not answer. */
const START_RETRY_MS = 5_000;

/**
 * Creates the mail queues and, where this process runs jobs, their workers and the weekly schedule; the
 * delivery worker turns attachment references into files with `resolveAttachment`. A database
 * that does not answer at start-up does not stop the app (it answers 503 meanwhile): the start is tried again
 * every few seconds until it succeeds or the app closes.
 */
export async function startMailJobs(
  app: FastifyInstance,
  resolveAttachment: AttachmentResolver,
  others: ReadonlyArray<{ queues: readonly QueueDefinition[]; start: () => Promise<void> }> = [],
): Promise<void> {
  const { jobs, config, db, mailer, clock, outbox } = app.deps;
  jobs.define([
    emailDeliveryQueue(config.mail.timeoutSeconds * 2, config.mail.retryDelaySeconds),
    { name: REMINDERS_QUEUE, retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 3600 },
    ...others.flatMap((other) => other.queues),
  ]);
  const start = async () => {
    await jobs.start();
    // Other modules' workers and schedules (analytics), on the queue started here.
    for (const other of others) await other.start();
    await jobs.work(
      EMAIL_DELIVERY_QUEUE,
      emailDeliveryHandler({
        db,
        mailer,
        clock,
        log: app.log,
        messageIdHost: new URL(config.publicUrl).hostname,
        resolveAttachment,
        onOutcome: app.deps.metrics.emailDeliveries,
      }),
    );
    await jobs.work(REMINDERS_QUEUE, async () => {
      const queued = await queueWeeklyReminders({ db, outbox, sessionSecret: config.sessionSecret }, clock());
      app.log.info({ queued }, 'weekly course reminders queued');
    });
    await jobs.schedule(REMINDERS_QUEUE, REMINDERS_CRON);
  };
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(retry);
  });
  const attempt = async (): Promise<void> => {
    try {
      await start();
    } catch (error) {
      if (closed) return;
      app.log.error({ err: error }, 'the job queue could not start; email waits in the outbox until it does');
      retry = setTimeout(() => void attempt(), START_RETRY_MS);
      retry.unref();
    }
  };
  await attempt();
}

const page = (reply: FastifyReply, productName: string, heading: string, body: string) =>
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${escapeHtml(heading)} · ${escapeHtml(productName)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#4338ca;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}a{color:inherit}</style></head>
<body><main><h1>${escapeHtml(heading)}</h1>${body}</main></body></html>`);

/**
 * The reminders' unsubscribe link (its token is a credential: only the path is logged). GET shows a page with one button (link scanners open GET links, so GET
 * changes nothing); POST turns reminders off: the button, or a mail client's one-click unsubscribe (RFC 8058),
 * which posts `List-Unsubscribe=One-Click` without cookies. The signed token is the authority, not a session.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, clock, site } = app.deps;

  // RFC 8058 one-click posts carry List-Unsubscribe=One-Click, form-encoded or as one multipart field; the
  // body schema then checks the pair.
  const FORM_LIMIT = 1024;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => {
      const field = /name="List-Unsubscribe"\r?\n\r?\n([^\r\n]*)/.exec(String(body));
      done(null, field ? { 'List-Unsubscribe': field[1] } : {});
    },
  );

  const learnerOf = (token: string) => {
    const userId = verifyUnsubscribeToken(config.sessionSecret, token);
    if (!userId)
      throw badRequest(
        'This unsubscribe link is not valid. Turn reminders off in your settings instead.',
        'bad_unsubscribe_link',
      );
    return userId;
  };

  route(app, endpoints.emailUnsubscribePage, { logSerializers: pathOnlyRequestLog }, async (request, reply) => {
    learnerOf(request.query.token);
    return page(
      reply,
      site.productName,
      'Unsubscribe from course reminders',
      `<p>Stop the weekly email that reminds you of the courses you have not finished? Receipts and replies to your messages still reach you.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  route(app, endpoints.emailUnsubscribe, { logSerializers: pathOnlyRequestLog }, async (request, reply) => {
    const userId = learnerOf(request.query.token);
    const found = await turnRemindersOff(db, userId, clock());
    request.log.info({ found }, 'course reminders turned off by unsubscribe link');
    return page(
      reply,
      site.productName,
      'You are unsubscribed',
      `<p>${found ? 'Course reminders are off. You can turn them on again in your settings.' : 'This account no longer exists, so it gets no email from us.'}</p>
<p><a href="${escapeHtml(config.webOrigin)}/settings">Open your settings</a></p>`,
    );
  });
};
