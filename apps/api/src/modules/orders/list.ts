import type { AdminOrderList, AdminOrderSummary } from '@kaushal/contract';
import { and, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentOrders, users } from '../../db/schema.ts';
import { likeEscaped } from '../admin/index.ts';
import { before, decodeCursor, encodeCursor, microsOf } from './cursor.ts';
import { istDaySpan } from './ist-days.ts';
import { orderSummaryQuery, toOrderSummary } from './summary.ts';

/** GET /admin/orders's query as the contract parses it (amounts in paise). */
export interface OrderListQuery {
  q: string;
  status?: AdminOrderSummary['status'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  courseId?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** `q` matches an exact order reference or payment id, or part of the learner's email. */
function searchOf(q: string): SQL | undefined {
  if (!q) return undefined;
  return or(eq(paymentOrders.id, q), eq(paymentOrders.providerPaymentId, q), ilike(users.email, likeEscaped(q)));
}

/**
 * Orders for the console, newest first, a page at a time: every filter given must hold (the dates are the day
 * the order was made, in India). The page after is read from `nextCursor`, the last row's (created_at, id),
 * so rows made while staff page through never repeat or skip one.
 */
export async function listOrders(db: Db, query: OrderListQuery): Promise<AdminOrderList> {
  const span = istDaySpan(query.from, query.to);
  const where = and(
    searchOf(query.q),
    query.status ? eq(paymentOrders.status, query.status) : undefined,
    span.start ? gte(paymentOrders.createdAt, span.start) : undefined,
    span.end ? lt(paymentOrders.createdAt, span.end) : undefined,
    query.courseId ? eq(paymentOrders.courseId, query.courseId) : undefined,
    query.minAmount !== undefined ? gte(paymentOrders.amountPaise, query.minAmount) : undefined,
    query.maxAmount !== undefined ? lte(paymentOrders.amountPaise, query.maxAmount) : undefined,
    query.cursor ? before(paymentOrders.createdAt, paymentOrders.id, decodeCursor(query.cursor)) : undefined,
  );
  // One row more than the page says whether another page follows.
  const rows = await orderSummaryQuery(db, { createdMicros: microsOf(paymentOrders.createdAt) })
    .where(where)
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    orders: page.map(toOrderSummary),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ micros: last.createdMicros, id: last.order.id }) : null,
  };
}
