import type { AdminCoupon, CreateCouponBody, UpdateCouponBody } from '@kaushal/contract';
import { fromLocalInput, toLocalInput } from './datetime-local';
import { paiseToRupeesText, parseRupees } from './money';

export type CouponKind = AdminCoupon['kind'];
export type CouponScope = AdminCoupon['scope'];

/** The coupon form as typed: every number still text, the window in the reader's local time. */
export interface CouponDraft {
  code: string;
  kind: CouponKind;
  /** Percent: a whole number. Fixed: rupees, paise after the point. */
  value: string;
  scope: CouponScope;
  /** Some courses: the coupon's courses. Some tiers: the courses whose tiers are offered to choose from. */
  courseIds: string[];
  tierIds: string[];
  startsAt: string;
  endsAt: string;
  /** Empty: no cap. */
  maxRedemptions: string;
  perLearnerLimit: string;
  active: boolean;
}

export type CouponField =
  | 'code'
  | 'kind'
  | 'value'
  | 'scope'
  | 'courseIds'
  | 'tierIds'
  | 'startsAt'
  | 'endsAt'
  | 'maxRedemptions'
  | 'perLearnerLimit'
  | 'active';

/** The API's field for each form field has the same name. */
export const COUPON_API_FIELDS: Record<CouponField, CouponField> = {
  code: 'code',
  kind: 'kind',
  value: 'value',
  scope: 'scope',
  courseIds: 'courseIds',
  tierIds: 'tierIds',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
  maxRedemptions: 'maxRedemptions',
  perLearnerLimit: 'perLearnerLimit',
  active: 'active',
};

export const newCouponDraft = (): CouponDraft => ({
  code: '',
  kind: 'percent',
  value: '',
  scope: 'all',
  courseIds: [],
  tierIds: [],
  startsAt: '',
  endsAt: '',
  maxRedemptions: '',
  perLearnerLimit: '1',
  active: true,
});

export const draftOfCoupon = (coupon: AdminCoupon): CouponDraft => ({
  code: coupon.code,
  kind: coupon.kind,
  value: coupon.kind === 'fixed' ? paiseToRupeesText(coupon.value) : String(coupon.value),
  scope: coupon.scope,
  courseIds: coupon.courseIds,
  tierIds: coupon.tierIds,
  startsAt: toLocalInput(coupon.startsAt),
  endsAt: toLocalInput(coupon.endsAt),
  maxRedemptions: coupon.maxRedemptions === null ? '' : String(coupon.maxRedemptions),
  perLearnerLimit: coupon.perLearnerLimit === null ? '' : String(coupon.perLearnerLimit),
  active: coupon.active,
});

/** The body the API takes: every field, checked as the contract checks it (the API checks again). */
export type CouponValues = Required<Omit<CreateCouponBody, 'code'>> & { code: string };

export type CouponParse =
  | { ok: true; values: CouponValues }
  | { ok: false; fields: Partial<Record<CouponField, string>> };

const CODE = /^[A-Za-z0-9_-]{3,32}$/;

/** A cap typed as a whole number between 1 and max; empty is no cap (null). */
function parseCap(
  text: string,
  max: number,
  what: string,
): { ok: true; value: number | null } | { ok: false; error: string } {
  const cleaned = text.trim().replaceAll(',', '');
  if (cleaned === '') return { ok: true, value: null };
  const n = Number(cleaned);
  if (!/^\d+$/.test(cleaned) || n < 1 || n > max) {
    return {
      ok: false,
      error: `${what} is a whole number from 1 to ${max.toLocaleString('en-IN')}, or empty for no cap.`,
    };
  }
  return { ok: true, value: n };
}

/**
 * Reads the form: the code upper-cased, a percentage as a whole number, a fixed amount typed in rupees sent in
 * paise, the window as ISO instants, the caps as numbers (empty: none). Only the ids the scope uses are sent,
 * as the API keeps them: a tier scope's courses were only where its tiers were chosen from.
 */
export function parseCouponDraft(draft: CouponDraft): CouponParse {
  const fields: Partial<Record<CouponField, string>> = {};
  const code = draft.code.trim();
  if (!CODE.test(code)) fields.code = 'A coupon code has 3 to 32 letters, digits, dashes or underscores.';

  let value = 0;
  if (draft.kind === 'percent') {
    const n = Number(draft.value.trim());
    if (!/^\d+$/.test(draft.value.trim()) || n < 1 || n > 100)
      fields.value = 'A percentage is a whole number from 1 to 100.';
    else value = n;
  } else {
    const paise = parseRupees(draft.value, 'The discount');
    if (!paise.ok) fields.value = paise.error;
    else if (paise.paise < 100) fields.value = 'A fixed discount is at least ₹1.';
    else value = paise.paise;
  }

  if (draft.scope === 'courses' && draft.courseIds.length === 0) fields.courseIds = 'Choose at least one course.';
  if (draft.scope === 'tiers' && draft.tierIds.length === 0) {
    if (draft.courseIds.length === 0) fields.courseIds = 'Choose the courses whose pricing tiers the coupon is for.';
    else fields.tierIds = 'Choose at least one pricing tier.';
  }

  const startsAt = fromLocalInput(draft.startsAt);
  const endsAt = fromLocalInput(draft.endsAt);
  if (!startsAt.ok) fields.startsAt = 'Enter a date and time, or leave it empty to start now.';
  if (!endsAt.ok) fields.endsAt = 'Enter a date and time, or leave it empty for no end.';
  if (startsAt.ok && endsAt.ok && startsAt.iso && endsAt.iso && Date.parse(endsAt.iso) <= Date.parse(startsAt.iso)) {
    fields.endsAt = 'The end must be after the start.';
  }

  const maxRedemptions = parseCap(draft.maxRedemptions, 1_000_000, 'The total cap');
  if (!maxRedemptions.ok) fields.maxRedemptions = maxRedemptions.error;
  const perLearnerLimit = parseCap(draft.perLearnerLimit, 1000, 'The per-learner cap');
  if (!perLearnerLimit.ok) fields.perLearnerLimit = perLearnerLimit.error;

  if (Object.keys(fields).length > 0 || !startsAt.ok || !endsAt.ok || !maxRedemptions.ok || !perLearnerLimit.ok) {
    return { ok: false, fields };
  }
  return {
    ok: true,
    values: {
      code: code.toUpperCase(),
      kind: draft.kind,
      value,
      scope: draft.scope,
      courseIds: draft.scope === 'courses' ? draft.courseIds : [],
      tierIds: draft.scope === 'tiers' ? draft.tierIds : [],
      startsAt: startsAt.iso,
      endsAt: endsAt.iso,
      maxRedemptions: maxRedemptions.value,
      perLearnerLimit: perLearnerLimit.value,
      active: draft.active,
    },
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));
/** To the minute: the form shows no seconds, so a time it did not touch must not count as changed. */
const minuteOf = (iso: string | null) => (iso === null ? null : Math.floor(Date.parse(iso) / 60_000));
const sameInstant = (a: string | null, b: string | null) => minuteOf(a) === minuteOf(b);

/**
 * What an edit changes, for PATCH: only what differs (so the audit log records just that). The scope travels
 * with its courses and tiers, and the window's ends together, so the API checks each as a whole.
 */
export function couponChanges(coupon: AdminCoupon, values: CouponValues): UpdateCouponBody {
  const changes: UpdateCouponBody = {};
  if (values.kind !== coupon.kind || values.value !== coupon.value) {
    changes.kind = values.kind;
    changes.value = values.value;
  }
  if (
    values.scope !== coupon.scope ||
    !sameSet(values.courseIds, coupon.courseIds) ||
    !sameSet(values.tierIds, coupon.tierIds)
  ) {
    changes.scope = values.scope;
    changes.courseIds = values.courseIds;
    changes.tierIds = values.tierIds;
  }
  if (!sameInstant(values.startsAt, coupon.startsAt) || !sameInstant(values.endsAt, coupon.endsAt)) {
    changes.startsAt = values.startsAt;
    changes.endsAt = values.endsAt;
  }
  if (values.maxRedemptions !== coupon.maxRedemptions) changes.maxRedemptions = values.maxRedemptions;
  if (values.perLearnerLimit !== coupon.perLearnerLimit) changes.perLearnerLimit = values.perLearnerLimit;
  if (values.active !== coupon.active) changes.active = values.active;
  return changes;
}

/**
 * The courses a tier coupon's tiers may belong to, so an edit can offer them again (the API keeps only the
 * tier ids). A tier's id starts with its course's id (the API makes it so); a wrong guess only offers one
 * more course's tiers, and a tier no chosen course offers is still listed (checked) by its id.
 */
export function tierCourseCandidates(tierIds: readonly string[], courseIds: readonly string[]): string[] {
  return courseIds.filter((courseId) => tierIds.some((tierId) => tierId.startsWith(`${courseId}-`)));
}
