import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { enrollments, paymentOrders, users } from '../src/db/schema.ts';
import { createSession, SESSION_COOKIE } from '../src/modules/auth/session.ts';
import { TEST_ORIGIN, type TestContext } from './app.ts';

/** Helpers for the enrollment and payment tests: learners with sessions, and requests as they send them. */

export interface Learner {
  id: string;
  name: string;
  email: string;
  cookie: string;
}

let counter = 0;

export async function createLearner(ctx: TestContext, name = 'Asha Learner'): Promise<Learner> {
  counter += 1;
  const email = `learner${counter}-${Date.now()}@example.com`;
  const [user] = await ctx.database.db.insert(users).values({ email, name }).returning({ id: users.id });
  if (!user) throw new Error('no user inserted');
  const { token } = await createSession(ctx.database.db, user.id, ctx.clock.now);
  return { id: user.id, name, email, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A new session for the learner at the clock's current time (sessions last 30 days). */
export async function signInAgain(ctx: TestContext, learner: Learner): Promise<Learner> {
  const { token } = await createSession(ctx.database.db, learner.id, ctx.clock.now);
  return { ...learner, cookie: `${SESSION_COOKIE}=${token}` };
}

export function post(ctx: TestContext, url: string, learner: Learner | null, payload?: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, ...(learner ? { cookie: learner.cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export function get(ctx: TestContext, url: string, learner: Learner | null) {
  return ctx.app.inject({ method: 'GET', url, headers: learner ? { cookie: learner.cookie } : {} });
}

export async function enrollmentsOf(database: Database, userId: string, courseId?: string) {
  return database.db
    .select()
    .from(enrollments)
    .where(
      courseId
        ? and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))
        : eq(enrollments.userId, userId),
    );
}

export async function orderRow(database: Database, orderId: string) {
  const [row] = await database.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  return row;
}

export const hmac = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('hex');

/** A Razorpay webhook as Razorpay sends it: JSON text, signed over those exact bytes. */
export function webhook(ctx: TestContext, secret: string | null, event: unknown, rawOverride?: string) {
  const body = rawOverride ?? JSON.stringify(event);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: {
      'content-type': 'application/json',
      // Razorpay's servers send no browser Origin; a wrong one must not matter either.
      origin: 'https://razorpay.example',
      ...(secret === null ? {} : { 'x-razorpay-signature': hmac(secret, body) }),
    },
    payload: body,
  });
}

export function capturedEvent(orderId: string, paymentId: string, amountPaise: number, event = 'payment.captured') {
  return {
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount: amountPaise,
          currency: 'INR',
          status: 'captured',
          order_id: orderId,
          method: 'card',
          captured: true,
        },
      },
      ...(event === 'order.paid'
        ? {
            order: {
              entity: { id: orderId, entity: 'order', amount: amountPaise, amount_paid: amountPaise, status: 'paid' },
            },
          }
        : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/**
 * A `refund.processed` (or `refund.failed`) event as Razorpay sends it: the refund (its own id and amount, and
 * the notes we sent, if any) and the payment with its cumulative refunded amount.
 */
export function refundEvent(
  orderId: string,
  paymentId: string,
  refundedPaise: number,
  paidPaise: number,
  options: { refundId?: string; notes?: Record<string, string>; event?: string; totalRefundedPaise?: number } = {},
) {
  const event = options.event ?? 'refund.processed';
  return {
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: {
        entity: {
          id: options.refundId ?? 'rfnd_TEST1234567890',
          entity: 'refund',
          amount: refundedPaise,
          payment_id: paymentId,
          // Razorpay sends an empty array when there are no notes.
          notes: options.notes ?? [],
          status: event === 'refund.failed' ? 'failed' : 'processed',
        },
      },
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount: paidPaise,
          currency: 'INR',
          status: 'refunded',
          order_id: orderId,
          amount_refunded: options.totalRefundedPaise ?? refundedPaise,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}
