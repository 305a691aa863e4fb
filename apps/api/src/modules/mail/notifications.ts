import type { ContactCategory } from '@kaushal/contract';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { courses, lessons, paymentOrders, pricingTiers, users } from '../../db/schema.ts';
import { mailLocale } from './i18n/locale.ts';
import type { Outbox, QueueOutcome } from './outbox.ts';
import { contactAckMail, contactStaffMail } from './templates/contact.ts';
import { receiptMail } from './templates/receipt.ts';
import { welcomeMail } from './templates/welcome.ts';

/**
 * The facts that send email, each queued inside the transaction that records the fact (the outbox). Each
 * reads what its message needs through the same transaction, so the email says what was committed.
 */

/** The plan's name when the course had no pricing tiers: the access it gave, in the learner's language. */
const ACCESS_TITLES = { permanent: 'common.lifetimeAccess', weekly: 'common.weeklyAccess' } as const;

/**
 * The receipt of a paid order, once per order (`receipt:<order id>`), to the learner who paid, with its tax
 * invoice attached (the PDF is drawn at delivery from the invoice issued in the same transaction).
 */
export async function queueReceipt(
  tx: Tx,
  outbox: Outbox,
  input: { orderId: string; accessUntil: Date | null; invoice: { id: string; number: string } | null; now: Date },
): Promise<QueueOutcome | 'no_learner'> {
  const [row] = await tx
    .select({
      order: paymentOrders,
      learnerName: users.name,
      learnerEmail: users.email,
      courseTitle: courses.title,
      tierTitle: pricingTiers.title,
    })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .innerJoin(courses, eq(courses.id, paymentOrders.courseId))
    .leftJoin(pricingTiers, eq(pricingTiers.id, paymentOrders.pricingTierId))
    .where(eq(paymentOrders.id, input.orderId))
    .limit(1);
  if (!row?.order.userId || !row.order.providerPaymentId) return 'no_learner';
  const { order } = row;
  return outbox.queue(tx, {
    kind: 'receipt',
    dedupeKey: `receipt:${order.id}`,
    userId: order.userId,
    to: { name: row.learnerName, address: row.learnerEmail },
    mail: (language) =>
      receiptMail(
        outbox.context,
        {
          learnerName: row.learnerName,
          courseId: order.courseId,
          courseTitle: row.courseTitle,
          planTitle: row.tierTitle ?? mailLocale(language).t(ACCESS_TITLES[order.accessType]),
          amountPaise: order.amountPaise,
          paymentId: order.providerPaymentId ?? '',
          orderId: order.id,
          paidAt: order.paidAt ?? input.now,
          accessUntil: input.accessUntil,
          invoiceNumber: input.invoice?.number ?? null,
        },
        language,
      ),
    attachments: input.invoice ? [{ kind: 'invoice', invoiceId: input.invoice.id }] : [],
    now: input.now,
  });
}

/**
 * The welcome of a first enrollment (free or paid), once per learner and course, unless the learner turned
 * email notifications off in their settings.
 */
export async function queueWelcome(
  tx: Tx,
  outbox: Outbox,
  input: { userId: string; courseId: string; now: Date },
): Promise<QueueOutcome | 'notifications_off' | 'no_learner'> {
  const [learner] = await tx
    .select({ name: users.name, email: users.email, settings: users.settings })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  const [course] = await tx
    .select({ title: courses.title })
    .from(courses)
    .where(eq(courses.id, input.courseId))
    .limit(1);
  if (!learner || !course) return 'no_learner';
  if (learner.settings.emailNotifications === false) return 'notifications_off';
  const [firstLesson] = await tx
    .select({ id: lessons.id, title: lessons.title })
    .from(lessons)
    .where(eq(lessons.courseId, input.courseId))
    .orderBy(asc(lessons.position))
    .limit(1);
  return outbox.queue(tx, {
    kind: 'welcome',
    dedupeKey: `welcome:${input.userId}:${input.courseId}`,
    userId: input.userId,
    to: { name: learner.name, address: learner.email },
    mail: (language) =>
      welcomeMail(
        outbox.context,
        {
          learnerName: learner.name,
          courseId: input.courseId,
          courseTitle: course.title,
          firstLesson: firstLesson ?? null,
        },
        language,
      ),
    now: input.now,
  });
}

export interface ContactMailFacts {
  ticketId: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  category: ContactCategory;
  message: string;
  userId: string | null;
  /** A follow-up that joined an existing ticket (the ticket id quoted): its entry's id, one message each. */
  followUpId?: string;
}

/** A visitor can make us write to any address through the form: a few acknowledgements per address per hour. */
export const CONTACT_ACK_LIMIT = { max: 3, windowMs: 60 * 60_000 } as const;

/** The acknowledgement to the person who wrote and the notification to the support inbox. */
export async function queueContactMails(
  tx: Tx,
  outbox: Outbox,
  facts: ContactMailFacts,
  supportInbox: string,
  now: Date,
): Promise<void> {
  const contact = { ...facts, signedIn: facts.userId !== null };
  const key = facts.followUpId ? `${facts.ticketId}:${facts.followUpId}` : facts.ticketId;
  await outbox.queue(tx, {
    kind: 'contact_ack',
    dedupeKey: `contact_ack:${key}`,
    userId: facts.userId,
    to: { name: facts.name, address: facts.email },
    // In the writer's language when they wrote signed in (their settings), else English.
    mail: (language) => contactAckMail(outbox.context, contact, language),
    now,
    perRecipientLimit: CONTACT_ACK_LIMIT,
  });
  await outbox.queue(tx, {
    kind: 'contact_staff',
    dedupeKey: `contact_staff:${key}`,
    // Tied to the writer's account, so deleting it deletes the copy that holds their message too.
    userId: facts.userId,
    to: { name: `${outbox.context.site.productName} support`, address: supportInbox },
    mail: contactStaffMail(outbox.context, contact),
    language: 'en',
    now,
  });
}
