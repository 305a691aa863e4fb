import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type EmailAttachmentRef, emailMessages } from '../../db/schema.ts';
import type { Clock } from '../../lib/time.ts';
import type { JobHandler } from '../../providers/jobs/job-queue.ts';
import { type MailAttachment, type Mailer, PermanentDeliveryError } from '../../providers/mail/mailer.ts';

/**
 * Turns a stored attachment reference into the file to send (an invoice into its PDF). Injected by the
 * composition root, so the mail module knows no other module's tables or drawing; it throws when it cannot.
 */
export type AttachmentResolver = (ref: EmailAttachmentRef) => Promise<MailAttachment>;

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The host part of Message-IDs (the product's public host). */
  messageIdHost: string;
  resolveAttachment: AttachmentResolver;
  onOutcome?: (outcome: 'sent' | 'retry' | 'failed') => void;
}

/**
 * One try at delivering a stored email. A message already sent or failed is skipped (the job was retried
 * after its try was cut off), one deleted with its account is dropped. A permanent refusal (SMTP 5xx) marks it
 * failed at once; anything else is retried by the queue with backoff, and marked failed after the last try.
 */
export function emailDeliveryHandler(deps: DeliveryDeps): JobHandler<{ emailId: string }> {
  const { db, mailer, log } = deps;
  return async (job) => {
    const [email] = await db.select().from(emailMessages).where(eq(emailMessages.id, job.data.emailId)).limit(1);
    if (!email) {
      log.info({ emailId: job.data.emailId }, 'email no longer exists (account deleted): not sent');
      return;
    }
    if (email.status !== 'queued') return;
    try {
      // Resolved at each try, inside it: a file that cannot be had now fails this try like the server would.
      const attachments = await Promise.all(email.attachments.map((ref) => deps.resolveAttachment(ref)));
      await mailer.deliver({
        to: { name: email.toName, address: email.toAddress },
        subject: email.subject,
        html: email.html,
        text: email.text,
        headers: email.headers,
        messageId: `<${email.id}@${deps.messageIdHost}>`,
        attachments,
      });
    } catch (error) {
      const permanent = error instanceof PermanentDeliveryError;
      const lastTry = permanent || job.retryCount >= job.retryLimit;
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(emailMessages)
        .set({
          attempts: sql`${emailMessages.attempts} + 1`,
          lastError: reason.slice(0, 500),
          status: lastTry ? 'failed' : 'queued',
        })
        .where(eq(emailMessages.id, email.id));
      const context = { emailId: email.id, kind: email.kind, attempt: job.retryCount + 1, reason };
      if (permanent) {
        log.error(context, 'email refused by the mail server: marked failed');
        deps.onOutcome?.('failed');
        return;
      }
      if (lastTry) {
        log.error(context, 'email not delivered after the last try: marked failed');
        deps.onOutcome?.('failed');
      } else {
        log.warn(context, 'email delivery failed: will retry');
        deps.onOutcome?.('retry');
      }
      throw error;
    }
    await db
      .update(emailMessages)
      .set({
        status: 'sent',
        sentAt: deps.clock(),
        attempts: sql`${emailMessages.attempts} + 1`,
        transport: mailer.kind,
        lastError: null,
      })
      .where(eq(emailMessages.id, email.id));
    deps.onOutcome?.('sent');
  };
}
