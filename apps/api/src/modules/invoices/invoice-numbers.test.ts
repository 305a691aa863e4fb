import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { dbKind } from '../../../test/db.ts';
import { insertLearner } from '../../../test/support/learners.ts';
import { invoiceCounters, invoices, paymentOrders } from '../../db/schema.ts';
import { Outbox } from '../mail/index.ts';
import { settleOrder } from '../payments/settle.ts';
import { financialYearOf } from './numbering.ts';

/**
 * Invoice numbers are consecutive with no gap and no repeat (decision 024): taken from a counter row inside the
 * settling transaction, so settlements queue on it and one that fails after taking a number gives it back.
 * On PostgreSQL the settlements below really run at once (the test pool has five connections); PGlite runs
 * them one after another, which still checks what a failure leaves behind.
 */
describe(`invoice numbering (${dbKind})`, () => {
  const ctx = useTestApp();

  /** An outbox whose store is down: the settlement fails after its invoice took a number (the receipt comes after). */
  class BrokenOutbox extends Outbox {
    override async queue(): Promise<never> {
      throw new Error('the outbox is down');
    }
  }

  const unpaidOrders = async (count: number) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const learner = await insertLearner(ctx.database.db, ctx.clock.now, `Learner ${i}`);
      const id = `order_NUMBERS${String(i).padStart(5, '0')}`;
      await ctx.database.db.insert(paymentOrders).values({
        id,
        userId: learner.id,
        courseId: 'rag-from-scratch',
        pricingTierId: 'rag-from-scratch-weekly',
        accessType: 'weekly',
        amountPaise: 99_900,
        createdAt: ctx.clock.now,
      });
      ids.push(id);
    }
    return ids;
  };
  const settle = (orderId: string, outbox: Outbox = ctx.app.deps.outbox) =>
    settleOrder(
      { db: ctx.database.db, outbox, invoicing: ctx.app.deps.config.invoicing },
      orderId,
      orderId.replace('order_', 'pay_'),
      ctx.clock.now,
    );
  const broken = () => new BrokenOutbox(ctx.app.deps.jobs, ctx.app.deps.outbox.context);
  const issued = () =>
    ctx.database.db
      .select({ orderId: invoices.orderId, seq: invoices.seq, number: invoices.number })
      .from(invoices)
      .orderBy(asc(invoices.seq));
  const lastSeq = async () =>
    (await ctx.database.db.select({ last: invoiceCounters.lastSeq }).from(invoiceCounters))[0]?.last ?? 0;

  it('a settlement that fails after taking a number leaves no gap: the next invoice takes that number', async () => {
    const [first, second] = await unpaidOrders(2);
    if (!first || !second) throw new Error('no orders');
    await expect(settle(first, broken())).rejects.toThrow('the outbox is down');
    // Rolled back whole: the order is unpaid, no invoice, the counter as it was.
    expect((await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, first)))[0]?.status).toBe(
      'created',
    );
    expect(await issued()).toEqual([]);
    expect(await lastSeq()).toBe(0);

    expect(await settle(second)).toEqual({ kind: 'granted' });
    expect(await settle(first)).toEqual({ kind: 'granted' });
    const fy = financialYearOf(ctx.clock.now).short;
    expect(await issued()).toEqual([
      { orderId: second, seq: 1, number: `INV/${fy}/00001` },
      { orderId: first, seq: 2, number: `INV/${fy}/00002` },
    ]);
  });

  it('twenty settlements at once, four of them failing, number 1 to 16; the four retried take 17 to 20', async () => {
    const orders = await unpaidOrders(20);
    const failing = orders.filter((_, i) => i % 5 === 2);
    const results = await Promise.allSettled(
      orders.map((id) => settle(id, failing.includes(id) ? broken() : ctx.app.deps.outbox)),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(4);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual(
      Array.from({ length: 16 }, () => ({ kind: 'granted' })),
    );
    let rows = await issued();
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(rows.some((row) => failing.includes(row.orderId))).toBe(false);
    expect(await lastSeq()).toBe(16);

    const retried = await Promise.all(failing.map((id) => settle(id)));
    expect(retried).toEqual(failing.map(() => ({ kind: 'granted' })));
    rows = await issued();
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.orderId)).size).toBe(20);
    expect(new Set(rows.map((row) => row.number)).size).toBe(20);
    expect(
      rows
        .filter((row) => failing.includes(row.orderId))
        .map((row) => row.seq)
        .sort((a, b) => a - b),
    ).toEqual([17, 18, 19, 20]);
  });
});
