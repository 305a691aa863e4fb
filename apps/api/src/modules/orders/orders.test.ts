import { adminOrderListSchema } from '@kaushal/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import type { Learner } from '../../../test/payments.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import { paymentOrders } from '../../db/schema.ts';
import { insertOrder, insertOrdersInBulk, ist } from './test-support.ts';

const RAG = 'rag-from-scratch';
const EVAL = 'llm-evaluation';

describe('the console order list (GET /admin/orders)', () => {
  const ctx = useTestApp();
  let support: Learner;
  let buyer: Learner;

  beforeEach(async () => {
    support = await createStaff(ctx, 'Sam Support', 'support');
    buyer = await createStaff(ctx, 'Priya Buyer');
  });

  const list = async (query: string, who: Learner = support) => {
    const res = await callAs(ctx, who, 'GET', `/admin/orders${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return adminOrderListSchema.parse(res.json());
  };
  const ids = async (query: string) => (await list(query)).orders.map((order) => order.orderId);

  /** Six orders over March 2026 (IST), two courses, every status and a spread of amounts. */
  async function sixOrders() {
    const order = (id: string, at: string, more: Partial<Parameters<typeof insertOrder>[1]> = {}) =>
      insertOrder(ctx, { id, userId: buyer.id, courseId: RAG, createdAt: ist(at), ...more });
    await order('order_MAR01START', '2026-03-01 00:00', { amountPaise: 49_900 });
    await order('order_FEB28END', '2026-02-28 23:59:59.999', { amountPaise: 49_900 });
    await order('order_MAR10EVAL', '2026-03-10 12:00', { courseId: EVAL, amountPaise: 499_900 });
    await order('order_MAR15NOTPAID', '2026-03-15 09:00', { status: 'created', amountPaise: 99_900 });
    await order('order_MAR20FAILED', '2026-03-20 09:00', { status: 'failed', courseId: EVAL, amountPaise: 99_900 });
    await order('order_MAR31LATE', '2026-03-31 23:30', { amountPaise: 149_950 });
    await order('order_APR01START', '2026-04-01 00:00', { amountPaise: 99_900 });
  }

  it('lists every order newest first, with the next page null at the end', async () => {
    await sixOrders();
    const page = await list('');
    expect(page.orders.map((o) => o.orderId)).toEqual([
      'order_APR01START',
      'order_MAR31LATE',
      'order_MAR20FAILED',
      'order_MAR15NOTPAID',
      'order_MAR10EVAL',
      'order_MAR01START',
      'order_FEB28END',
    ]);
    expect(page.nextCursor).toBeNull();
    expect(page.orders[1]).toMatchObject({
      status: 'paid',
      amount: 149_950,
      courseId: RAG,
      paymentId: 'pay_MAR31LATE',
    });
  });

  it('filters by status, course, amount and the day made in India, each and together', async () => {
    await sixOrders();
    expect(await ids('?status=failed')).toEqual(['order_MAR20FAILED']);
    expect(await ids('?status=created')).toEqual(['order_MAR15NOTPAID']);
    expect(await ids(`?courseId=${EVAL}`)).toEqual(['order_MAR20FAILED', 'order_MAR10EVAL']);
    // Rupees, both ends included; paise are compared exactly.
    expect(await ids('?minAmount=999&maxAmount=1499.50')).toEqual([
      'order_APR01START',
      'order_MAR31LATE',
      'order_MAR20FAILED',
      'order_MAR15NOTPAID',
    ]);
    expect(await ids('?minAmount=1499.51')).toEqual(['order_MAR10EVAL']);
    expect(await ids('?maxAmount=499')).toEqual(['order_MAR01START', 'order_FEB28END']);
    // Days in India: 23:30 IST on the 31st is the 31st (18:00 UTC), 00:00 IST on the 1st is not the 28th.
    expect(await ids('?from=2026-03-01&to=2026-03-31')).toEqual([
      'order_MAR31LATE',
      'order_MAR20FAILED',
      'order_MAR15NOTPAID',
      'order_MAR10EVAL',
      'order_MAR01START',
    ]);
    expect(await ids('?from=2026-03-31&to=2026-03-31')).toEqual(['order_MAR31LATE']);
    expect(await ids('?to=2026-02-28')).toEqual(['order_FEB28END']);
    expect(await ids('?from=2026-04-01')).toEqual(['order_APR01START']);
    // Together: every filter must hold.
    expect(await ids(`?status=paid&courseId=${RAG}&from=2026-03-01&to=2026-03-31&minAmount=1000`)).toEqual([
      'order_MAR31LATE',
    ]);
    expect(await ids(`?status=paid&courseId=${EVAL}&to=2026-03-09`)).toEqual([]);
    // The search box still finds by reference, payment id or email, and combines with the rest.
    expect(await ids('?q=order_MAR10EVAL')).toEqual(['order_MAR10EVAL']);
    expect(await ids('?q=pay_MAR31LATE')).toEqual(['order_MAR31LATE']);
    expect(await ids(`?q=${encodeURIComponent(buyer.email.toUpperCase())}&status=failed`)).toEqual([
      'order_MAR20FAILED',
    ]);
  });

  it('pages with a cursor through orders sharing a time, without repeating or skipping one', async () => {
    const start = ist('2026-05-01 10:00').getTime();
    // 130 orders, made two at a time in the same millisecond: the id breaks the tie.
    const inputs = Array.from({ length: 130 }, (_, i) => ({
      id: `order_PAGE${String(i).padStart(4, '0')}`,
      userId: buyer.id,
      courseId: RAG,
      createdAt: new Date(start + Math.floor(i / 2) * 60_000),
    }));
    await insertOrdersInBulk(ctx, inputs);
    const expected = [...inputs].reverse().map((order) => order.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.orders.map((order) => order.orderId));
      cursor = page.nextCursor;
      pages += 1;
      // An order made while staff page through (the newest of all) does not shift the pages after.
      if (pages === 2) {
        await insertOrder(ctx, {
          id: 'order_PAGENEW',
          userId: buyer.id,
          courseId: RAG,
          createdAt: ist('2026-06-01 10:00'),
        });
      }
    } while (cursor);
    expect(pages).toBe(6);
    expect(seen).toEqual(expected);
    // The default page is 25, at most 100.
    expect((await list('')).orders).toHaveLength(25);
    expect((await list('?limit=100')).orders).toHaveLength(100);
  });

  it('keeps microseconds in the cursor: orders a microsecond apart are neither repeated nor skipped', async () => {
    // Orders made by the database clock keep microseconds, which a JavaScript Date would round away.
    const base = { userId: buyer.id, courseId: RAG, accessType: 'permanent' as const, amountPaise: 99_900 };
    await ctx.database.db.insert(paymentOrders).values([
      { ...base, id: 'order_MICRO1', createdAt: sql`timestamptz '2026-06-01 10:00:00.123401+00'` },
      { ...base, id: 'order_MICRO2', createdAt: sql`timestamptz '2026-06-01 10:00:00.123402+00'` },
      { ...base, id: 'order_MICRO3', createdAt: sql`timestamptz '2026-06-01 10:00:00.123900+00'` },
    ] as never);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.orders.map((order) => order.orderId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['order_MICRO3', 'order_MICRO2', 'order_MICRO1']);
  });

  it('refuses bad filters with a 400 that says which', async () => {
    const refused = async (query: string, detail: RegExp) => {
      const res = await callAs(ctx, support, 'GET', `/admin/orders${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().detail, query).toMatch(detail);
    };
    await refused('?from=2026-03-02&to=2026-03-01', /on or after the start date/);
    await refused('?from=2026-02-30', /YYYY-MM-DD/);
    await refused('?to=31-03-2026', /YYYY-MM-DD/);
    await refused('?minAmount=-1', /rupees of 0 or more/);
    await refused('?maxAmount=12.345', /rupees of 0 or more/);
    await refused('?minAmount=500&maxAmount=499.99', /at least the smallest/);
    await refused('?status=shipped', /status/);
    await refused('?courseId=Not%20A%20Course', /courseId|lower-case/);
    await refused('?limit=101', /limit/);
    // A cursor this API did not make: one of the wrong characters, and one that decodes to nonsense.
    await refused('?cursor=not%20a%20cursor', /list position is not valid/);
    await refused(`?cursor=${Buffer.from('yesterday:order_X').toString('base64url')}`, /list position is not valid/);
    await refused(`?cursor=${Buffer.from("1:x' or 1=1").toString('base64url')}`, /list position is not valid/);
  });

  it('is for support and admins only', async () => {
    await insertOrder(ctx, { id: 'order_ROLES', userId: buyer.id, courseId: RAG, createdAt: new Date() });
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    const instructor = await createStaff(ctx, 'Ian Instructor', 'instructor');
    expect((await list('', admin)).orders.map((o) => o.orderId)).toEqual(['order_ROLES']);
    expect((await list('', support)).orders.map((o) => o.orderId)).toEqual(['order_ROLES']);
    expect((await callAs(ctx, instructor, 'GET', '/admin/orders')).statusCode).toBe(403);
    expect((await callAs(ctx, buyer, 'GET', '/admin/orders')).statusCode).toBe(403);
    expect((await callAs(ctx, null, 'GET', '/admin/orders')).statusCode).toBe(401);
  });
});
