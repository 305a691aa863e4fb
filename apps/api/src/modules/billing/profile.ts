import { type BillingProfile, gstStateName } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { billingProfiles, type OrderBilling } from '../../db/schema.ts';

type ProfileRow = typeof billingProfiles.$inferSelect;

function toProfile(row: ProfileRow): BillingProfile {
  return {
    name: row.name,
    stateCode: row.stateCode,
    stateName: gstStateName(row.stateCode) ?? row.stateCode,
    gstin: row.gstin,
    address: row.address,
  };
}

export async function findBillingProfile(db: Db | Tx, userId: string): Promise<BillingProfile | null> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)).limit(1);
  return row ? toProfile(row) : null;
}

/** Sets the learner's billing details (validated by the contract's schema: state code, GSTIN check character). */
export async function saveBillingProfile(
  db: Db,
  userId: string,
  body: { name: string; stateCode: string; gstin: string | null; address: string | null },
  now: Date,
): Promise<BillingProfile> {
  const values = { name: body.name, stateCode: body.stateCode, gstin: body.gstin, address: body.address };
  const [row] = await db
    .insert(billingProfiles)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error('billing profile upsert returned nothing');
  return toProfile(row);
}

/** The copy an order keeps of the buyer as billed (null: nothing entered, decision 024's default applies). */
export async function billingSnapshot(db: Db | Tx, userId: string): Promise<OrderBilling | null> {
  const profile = await findBillingProfile(db, userId);
  return profile
    ? { name: profile.name, stateCode: profile.stateCode, gstin: profile.gstin, address: profile.address }
    : null;
}
