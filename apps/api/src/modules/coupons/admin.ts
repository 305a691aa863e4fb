import {
  type AdminCoupon,
  type AdminCouponList,
  createCouponBodySchema,
  type updateCouponBodySchema,
} from '@kaushal/contract';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { coupons, courses, pricingTiers } from '../../db/schema.ts';
import { badRequest, conflict, notFound, pgErrorCode } from '../../lib/errors.ts';
import { type Actor, changedFields, recordAudit } from '../audit/index.ts';
import { type CouponRow, couponLabel } from './pricing.ts';

type CouponFields = z.output<typeof createCouponBodySchema>;
type CouponChanges = z.output<typeof updateCouponBodySchema>;

export const COUPON_NOT_FOUND = 'We could not find that coupon.';

export function toAdminCoupon(row: CouponRow): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    label: couponLabel(row),
    scope: row.scope,
    courseIds: row.courseIds,
    tierIds: row.tierIds,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    perLearnerLimit: row.perLearnerLimit,
    active: row.active,
    redemptions: row.redemptions,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every coupon, newest first, with its settled redemptions. */
export async function listCoupons(db: Db): Promise<AdminCouponList> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
  return { coupons: rows.map(toAdminCoupon) };
}

/** One spelling of an instant, whatever offset it was sent with, so an unchanged date is no change. */
const toIso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** What the audit log records of a coupon: its terms, not its counter. */
function auditable(row: Omit<CouponFields, 'code'> & { code?: string }): Record<string, unknown> {
  return {
    ...(row.code === undefined ? {} : { code: row.code }),
    kind: row.kind,
    value: row.value,
    scope: row.scope,
    courseIds: row.courseIds,
    tierIds: row.tierIds,
    startsAt: toIso(row.startsAt),
    endsAt: toIso(row.endsAt),
    maxRedemptions: row.maxRedemptions,
    perLearnerLimit: row.perLearnerLimit,
    active: row.active,
  };
}

/** Only the ids the scope uses are kept: a coupon for all courses names none, one for some courses no tiers. */
function scoped(fields: CouponFields): CouponFields {
  return {
    ...fields,
    courseIds: fields.scope === 'courses' ? [...new Set(fields.courseIds)] : [],
    tierIds: fields.scope === 'tiers' ? [...new Set(fields.tierIds)] : [],
  };
}

/** The named courses and tiers must exist (a draft's hidden copy is no course): 400 naming those that do not. */
async function refuseUnknownIds(db: Db, fields: CouponFields) {
  if (fields.courseIds.length > 0) {
    const found = await db
      .select({ id: courses.id })
      .from(courses)
      .where(and(inArray(courses.id, fields.courseIds), isNull(courses.draftOf)));
    const unknown = fields.courseIds.filter((id) => !found.some((row) => row.id === id));
    if (unknown.length > 0) {
      throw badRequest(`No course has the id ${unknown.join(', ')}.`, 'unknown_course');
    }
  }
  if (fields.tierIds.length > 0) {
    const found = await db
      .select({ id: pricingTiers.id })
      .from(pricingTiers)
      .innerJoin(courses, eq(courses.id, pricingTiers.courseId))
      .where(and(inArray(pricingTiers.id, fields.tierIds), isNull(courses.draftOf)));
    const unknown = fields.tierIds.filter((id) => !found.some((row) => row.id === id));
    if (unknown.length > 0) {
      throw badRequest(`No pricing option has the id ${unknown.join(', ')}.`, 'unknown_pricing_tier');
    }
  }
}

const codeTaken = (code: string) => conflict(`A coupon with the code ${code} already exists.`, 'coupon_code_taken');

const toDate = (value: string | null) => (value === null ? null : new Date(value));

export async function createCoupon(db: Db, actor: Actor, body: CouponFields, now: Date): Promise<AdminCoupon> {
  const fields = scoped(body);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, fields.code));
      if (existing) throw codeTaken(fields.code);
      await refuseUnknownIds(tx, fields);
      const [row] = await tx
        .insert(coupons)
        .values({
          ...fields,
          startsAt: toDate(fields.startsAt),
          endsAt: toDate(fields.endsAt),
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('the coupon insert returned no row');
      await recordAudit(
        tx,
        actor,
        { action: 'coupon.create', entity: 'coupon', entityId: row.id, before: null, after: auditable(fields) },
        now,
      );
      return toAdminCoupon(row);
    });
  } catch (error) {
    // Two staff creating the same code at once: the unique index decides, and the loser hears why.
    if (pgErrorCode(error) === '23505') throw codeTaken(fields.code);
    throw error;
  }
}

/**
 * Changes a coupon's terms. The kind and value are what learners paid by: once anyone redeemed it they stay
 * (409; make a new coupon). The whole coupon, as it would be, is checked by the contract's own rules.
 */
export async function updateCoupon(
  db: Db,
  actor: Actor,
  id: string,
  changes: CouponChanges,
  now: Date,
): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!row) throw notFound(COUPON_NOT_FOUND, 'coupon_not_found');
    const before = toAdminCoupon(row);
    const repriced =
      (changes.kind !== undefined && changes.kind !== row.kind) ||
      (changes.value !== undefined && changes.value !== row.value);
    if (repriced && row.redemptions > 0) {
      throw conflict(
        'This coupon has been redeemed, so its kind and value can no longer change. Create a new coupon instead.',
        'coupon_redeemed',
      );
    }
    const merged = createCouponBodySchema.safeParse({
      code: row.code,
      kind: changes.kind ?? before.kind,
      value: changes.value ?? before.value,
      scope: changes.scope ?? before.scope,
      courseIds: changes.courseIds ?? before.courseIds,
      tierIds: changes.tierIds ?? before.tierIds,
      startsAt: changes.startsAt === undefined ? before.startsAt : changes.startsAt,
      endsAt: changes.endsAt === undefined ? before.endsAt : changes.endsAt,
      maxRedemptions: changes.maxRedemptions === undefined ? before.maxRedemptions : changes.maxRedemptions,
      perLearnerLimit: changes.perLearnerLimit === undefined ? before.perLearnerLimit : changes.perLearnerLimit,
      active: changes.active ?? before.active,
    });
    if (!merged.success) {
      throw badRequest(
        merged.error.issues[0]?.message ?? 'These changes do not make a valid coupon.',
        'invalid_coupon',
      );
    }
    const fields = scoped(merged.data);
    await refuseUnknownIds(tx, fields);
    const { code: _code, ...terms } = fields;
    const [updated] = await tx
      .update(coupons)
      .set({ ...terms, startsAt: toDate(terms.startsAt), endsAt: toDate(terms.endsAt), updatedAt: now })
      .where(eq(coupons.id, id))
      .returning();
    if (!updated) throw new Error('the coupon update returned no row');
    const diff = changedFields(auditable(before), auditable(terms));
    await recordAudit(tx, actor, { action: 'coupon.update', entity: 'coupon', entityId: id, ...diff }, now);
    return toAdminCoupon(updated);
  });
}
