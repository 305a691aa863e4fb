import { and, count, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type EmailAttachmentRef, emailMessages, users } from '../../db/schema.ts';
import type { JobQueue, QueueDefinition } from '../../providers/jobs/job-queue.ts';
import { type MailLanguage, mailLanguage } from './i18n/locale.ts';
import type { MailContext, RenderedMail } from './templates/layout.ts';

export type EmailKind =
  | 'receipt'
  | 'welcome'
  | 'contact_ack'
  | 'contact_staff'
  | 'reminder'
  | 'refund'
  | 'certificate'
  | 'access_grant'
  | 'support_reply';

export interface EmailToQueue {
  kind: EmailKind;
  /** One message per fact: queueing the same key again does nothing (a repeated verify, a redelivered webhook). */
  dedupeKey?: string;
  /** The learner it is about; their account's deletion deletes it. */
  userId: string | null;
  to: { name: string; address: string };
  /**
   * The message, or how to write it in a language: then it is written in the recipient's language (`language`,
   * else the language in `userId`'s settings, else English), once, here. The text is stored, so a retry sends
   * the same words even if the learner changes their language meanwhile (decision 031).
   */
  mail: RenderedMail | ((language: MailLanguage) => RenderedMail);
  /** The recipient's language when it is not the learner's (the support inbox reads English). */
  language?: MailLanguage;
  /** Files to send with it, stored as references and resolved at delivery (an invoice's PDF). */
  attachments?: EmailAttachmentRef[];
  now: Date;
  /**
   * For mail a visitor can trigger (the contact form's acknowledgement): at most `max` of this kind to one
   * address within the window, so the form cannot be used to flood somebody's inbox.
   */
  perRecipientLimit?: { max: number; windowMs: number };
}

export type QueueOutcome = 'queued' | 'duplicate' | 'limited';

/** The job that delivers one stored email. */
export const EMAIL_DELIVERY_QUEUE = 'email-delivery';

export function emailDeliveryQueue(timeoutSeconds: number, retryDelaySeconds: number): QueueDefinition {
  // Ten tries with doubling delays (30 s … about 4 h with the default delay): a mail server down for an
  // afternoon still gets every message.
  return { name: EMAIL_DELIVERY_QUEUE, retryLimit: 9, retryDelaySeconds, expireInSeconds: timeoutSeconds };
}

/**
 * The transactional outbox. `queue` stores the rendered message and enqueues its delivery job inside the
 * caller's transaction: a fact that rolls back sends nothing, and one that commits is delivered (once: the
 * delivery job skips a message already sent).
 */
export class Outbox {
  constructor(
    private readonly jobs: JobQueue,
    readonly context: MailContext,
  ) {}

  async queue(tx: Tx | Db, email: EmailToQueue): Promise<QueueOutcome> {
    const address = email.to.address.trim().toLowerCase();
    if (email.perRecipientLimit) {
      const since = new Date(email.now.getTime() - email.perRecipientLimit.windowMs);
      const [recent] = await tx
        .select({ n: count() })
        .from(emailMessages)
        .where(
          and(
            eq(emailMessages.toAddress, address),
            eq(emailMessages.kind, email.kind),
            gt(emailMessages.createdAt, since),
          ),
        );
      if ((recent?.n ?? 0) >= email.perRecipientLimit.max) return 'limited';
    }
    const language =
      email.language ?? (typeof email.mail === 'function' ? await accountLanguage(tx, email.userId) : 'en');
    const mail = typeof email.mail === 'function' ? email.mail(language) : email.mail;
    const inserted = await tx
      .insert(emailMessages)
      .values({
        kind: email.kind,
        dedupeKey: email.dedupeKey ?? null,
        userId: email.userId,
        toName: email.to.name,
        toAddress: address,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers ?? {},
        language,
        attachments: email.attachments ?? [],
        createdAt: email.now,
      })
      .onConflictDoNothing({ target: emailMessages.dedupeKey })
      .returning({ id: emailMessages.id });
    const row = inserted[0];
    if (!row) return 'duplicate';
    await this.jobs.enqueueIn(tx, EMAIL_DELIVERY_QUEUE, { emailId: row.id });
    return 'queued';
  }
}

/** The language a learner chose in their settings (users.settings.language); English without an account. */
async function accountLanguage(tx: Tx | Db, userId: string | null): Promise<MailLanguage> {
  if (!userId) return 'en';
  const [row] = await tx.select({ settings: users.settings }).from(users).where(eq(users.id, userId)).limit(1);
  return mailLanguage(row?.settings.language);
}
