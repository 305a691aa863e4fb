import { expect } from 'vitest';
import type { TestContext } from '../../../test/app.ts';
import type { Learner } from '../../../test/payments.ts';
import { callAs } from '../../../test/support/staff.ts';
import { type OrderBilling, paymentOrders } from '../../db/schema.ts';
import { issueInvoice } from '../invoices/index.ts';

/** Test-only: orders written straight into the database at chosen moments, invoiced as settlement would. */

export interface OrderInput {
  id: string;
  userId: string | null;
  courseId: string;
  status?: 'created' | 'paid' | 'failed' | 'refunded';
  amountPaise?: number;
  listPricePaise?: number | null;
  pricingTierId?: string | null;
  couponId?: string | null;
  billing?: OrderBilling | null;
  createdAt: Date;
  /** Paid orders: when (the creation time when left out). */
  paidAt?: Date;
}

const row = (input: OrderInput) => {
  const status = input.status ?? 'paid';
  const paid = status === 'paid' || status === 'refunded';
  return {
    id: input.id,
    userId: input.userId,
    courseId: input.courseId,
    pricingTierId: input.pricingTierId ?? null,
    accessType: 'permanent' as const,
    amountPaise: input.amountPaise ?? 99_900,
    listPricePaise: input.listPricePaise ?? null,
    couponId: input.couponId ?? null,
    billing: input.billing ?? null,
    status,
    providerPaymentId: paid ? input.id.replace(/^order_/, 'pay_') : null,
    createdAt: input.createdAt,
    paidAt: paid ? (input.paidAt ?? input.createdAt) : null,
  };
};

/** One order; a paid one with an amount is invoiced at its payment time, as its settlement would be. */
export async function insertOrder(ctx: TestContext, input: OrderInput): Promise<void> {
  const values = row(input);
  await ctx.database.db.insert(paymentOrders).values(values);
  if (values.paidAt && values.amountPaise > 0) {
    const paidAt = values.paidAt;
    await ctx.database.db.transaction((tx) => issueInvoice(tx, ctx.app.deps.config.invoicing, input.id, paidAt));
  }
}

/** Many orders in a few statements, without invoices (for paging and streaming). */
export async function insertOrdersInBulk(ctx: TestContext, inputs: OrderInput[]): Promise<void> {
  for (let i = 0; i < inputs.length; i += 500) {
    await ctx.database.db.insert(paymentOrders).values(inputs.slice(i, i + 500).map(row));
  }
}

/** A staff refund through the console's refund path (the sandbox refunds it): the credit note follows. */
export async function refundFromConsole(ctx: TestContext, staff: Learner, orderId: string, amount: number) {
  const res = await callAs(ctx, staff, 'POST', `/admin/orders/${orderId}/refunds`, { amount, reason: 'Test refund' });
  expect(res.statusCode, res.body).toBe(200);
}

/** The instant of an India wall-clock time: ist('2026-03-31 23:30') is 18:00 UTC that day. */
export const ist = (wallClock: string) => new Date(`${wallClock.replace(' ', 'T')}+05:30`);
