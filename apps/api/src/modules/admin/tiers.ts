import type { AdminCourseDetail } from '@kaushal/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentOrders, pricingTiers } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../audit/index.ts';
import { editCourse } from './courses.ts';

/** Orders that bought a tier: paid or refunded ones reference it for good (receipts, invoices, history). */
async function ordersOf(db: Db, tierId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.pricingTierId, tierId), inArray(paymentOrders.status, ['paid', 'refunded'])));
  return row?.n ?? 0;
}

async function tierOfCourse(db: Db, courseId: string, tierId: string) {
  const [tier] = await db
    .select()
    .from(pricingTiers)
    .where(and(eq(pricingTiers.id, tierId), eq(pricingTiers.courseId, courseId)));
  if (!tier) throw notFound('This course has no such pricing tier.', 'tier_not_found');
  return tier;
}

/** Archives a tier (no longer offered; learners who bought it keep their access) or offers it again. */
export async function archiveTier(
  db: Db,
  actor: Actor,
  courseId: string,
  tierId: string,
  body: { version: number; archived: boolean },
  now: Date,
): Promise<AdminCourseDetail> {
  return editCourse(db, actor, courseId, body.version, now, async (tx) => {
    const tier = await tierOfCourse(tx, courseId, tierId);
    if (!body.archived || tier.archived) {
      // Nothing to check when offering again, or when archiving twice.
    } else {
      const [offered] = await tx
        .select({ n: count() })
        .from(pricingTiers)
        .where(and(eq(pricingTiers.courseId, courseId), eq(pricingTiers.archived, false)));
      if ((offered?.n ?? 0) <= 1) {
        throw conflict(
          'A paid course needs at least one tier on offer: add another before archiving this one.',
          'last_tier',
        );
      }
    }
    await tx.update(pricingTiers).set({ archived: body.archived }).where(eq(pricingTiers.id, tierId));
    return {
      audit: {
        action: body.archived ? 'tier.archive' : 'tier.unarchive',
        entity: 'tier',
        entityId: tierId,
        before: { archived: tier.archived },
        after: { archived: body.archived },
      },
    };
  });
}

/** Deletes a tier nobody bought; one with orders is refused (archive it instead). */
export async function deleteTier(
  db: Db,
  actor: Actor,
  courseId: string,
  tierId: string,
  version: number,
  now: Date,
): Promise<AdminCourseDetail> {
  return editCourse(db, actor, courseId, version, now, async (tx) => {
    const tier = await tierOfCourse(tx, courseId, tierId);
    const orders = await ordersOf(tx, tierId);
    if (orders > 0) {
      throw conflict(
        `This tier was bought ${orders === 1 ? 'once' : `${orders} times`}: archive it instead, so its orders keep their plan.`,
        'tier_has_orders',
      );
    }
    await tx.delete(pricingTiers).where(eq(pricingTiers.id, tierId));
    return {
      audit: {
        action: 'tier.delete',
        entity: 'tier',
        entityId: tierId,
        before: { title: tier.title, pricePaise: tier.pricePaise, accessType: tier.accessType },
        after: null,
      },
    };
  });
}

/** Puts the course's tiers in the given order; every tier of the course must be named once. */
export async function reorderTiers(
  db: Db,
  actor: Actor,
  courseId: string,
  body: { version: number; tierIds: string[] },
  now: Date,
): Promise<AdminCourseDetail> {
  return editCourse(db, actor, courseId, body.version, now, async (tx) => {
    const current = await tx
      .select({ id: pricingTiers.id })
      .from(pricingTiers)
      .where(eq(pricingTiers.courseId, courseId))
      .orderBy(pricingTiers.position);
    const ids = current.map((t) => t.id);
    const sameSet =
      body.tierIds.length === ids.length &&
      new Set(body.tierIds).size === ids.length &&
      body.tierIds.every((id) => ids.includes(id));
    if (!sameSet) throw badRequest('Name every pricing tier of this course exactly once.', 'tier_order_invalid');
    for (const [position, id] of body.tierIds.entries()) {
      await tx.update(pricingTiers).set({ position }).where(eq(pricingTiers.id, id));
    }
    return {
      audit: {
        action: 'tier.reorder',
        entity: 'course',
        entityId: courseId,
        before: { tiers: ids },
        after: { tiers: body.tierIds },
      },
    };
  });
}
