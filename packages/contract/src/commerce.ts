import { z } from 'zod';
import { noNul, slugSchema } from './common.ts';
import { COUPON_CODE } from './values.ts';

/**
 * India's GST state and union-territory codes (the first two digits of a GSTIN). The buyer's state is the
 * place of supply: the supplier's own state pays CGST + SGST, any other IGST.
 */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;

export type GstStateCode = (typeof GST_STATES)[number]['code'];

export function gstStateName(code: string): string | undefined {
  return GST_STATES.find((state) => state.code === code)?.name;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Two digits of state, a PAN (five letters, four digits, a letter), the entity number, Z (by default) and a check character. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][A-Z0-9][0-9A-Z]$/;

/** The GSTIN check character: a base-36 Luhn mod 36 over the first fourteen characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

/** A GSTIN of the right shape, a known state code and a matching check character (upper-case input). */
export function isValidGstin(gstin: string): boolean {
  if (!GSTIN_SHAPE.test(gstin)) return false;
  if (!gstStateName(gstin.slice(0, 2))) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin.charAt(14);
}

export const GSTIN_INVALID = 'Enter a valid 15-character GSTIN (for example 29ABCDE1234F1ZW).';
export const GSTIN_STATE_MISMATCH = "The GSTIN's first two digits must match your billing state's GST code.";

const stateCodeSchema = z
  .string()
  .refine((code) => gstStateName(code) !== undefined, 'Choose your state or union territory.');

/** What a learner enters once before checkout; every invoice carries a copy as it was then. */
export const billingProfileBodySchema = z
  .object({
    /** The name on the invoice: the learner's own, or their company's when they claim the fee. */
    name: noNul(z.string().trim().min(1, 'Enter the name for the invoice.').max(120)),
    stateCode: stateCodeSchema,
    gstin: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .refine((value) => value === '' || isValidGstin(value), GSTIN_INVALID)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    /** Optional postal address printed on the invoice (a company claiming input tax credit usually wants it). */
    address: noNul(z.string().trim().max(300))
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .strict()
  .superRefine((profile, ctx) => {
    if (profile.gstin && profile.gstin.slice(0, 2) !== profile.stateCode) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: GSTIN_STATE_MISMATCH });
    }
  });
export type BillingProfileBody = z.input<typeof billingProfileBodySchema>;

export const billingProfileSchema = z.object({
  name: z.string(),
  stateCode: z.string(),
  stateName: z.string(),
  gstin: z.string().nullable(),
  address: z.string().nullable(),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;
export const billingProfileResponseSchema = z.object({ profile: billingProfileSchema.nullable() });
export type BillingProfileResponse = z.infer<typeof billingProfileResponseSchema>;

/** Coupon codes (COUPON_CODE): the browser checks them with checkCouponCode, the same rules without zod. */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(COUPON_CODE.min, COUPON_CODE.lengthMessage)
  .max(COUPON_CODE.max, COUPON_CODE.lengthMessage)
  .regex(COUPON_CODE.pattern, COUPON_CODE.patternMessage)
  .transform((code) => code.toUpperCase());

export const couponQuoteQuerySchema = z.object({
  code: couponCodeSchema,
  courseId: slugSchema,
  pricingTierId: slugSchema.optional(),
});
export type CouponQuoteQuery = z.input<typeof couponQuoteQuerySchema>;

/** What a code does to one purchase, priced by the server. */
export const couponQuoteSchema = z.object({
  code: z.string(),
  /** "20% off", "₹500 off". */
  label: z.string(),
  /** Paise, before the coupon. */
  listPrice: z.number().int(),
  discount: z.number().int(),
  /** Paise to pay: 0 enrolls without checkout (POST /payments/redeem-coupon). */
  price: z.number().int(),
});
export type CouponQuote = z.infer<typeof couponQuoteSchema>;

export const redeemCouponBodySchema = z
  .object({ courseId: slugSchema, pricingTierId: slugSchema.optional(), couponCode: couponCodeSchema })
  .strict();
export type RedeemCouponBody = z.input<typeof redeemCouponBodySchema>;

export const orderStatusSchema = z.enum(['created', 'paid', 'failed', 'refunded']);

export const invoiceRefSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  /** Paise: the invoice's total, or the credit note's refunded amount. */
  amount: z.number().int(),
  issuedAt: z.string(),
});
export type InvoiceRef = z.infer<typeof invoiceRefSchema>;

export const refundStatusSchema = z.enum(['requested', 'rejected', 'pending', 'processed', 'failed']);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

export const refundSchema = z.object({
  id: z.uuid(),
  /** self_serve: the learner's button; request: a cancellation request support decided; staff; provider: made in Razorpay's dashboard. */
  kind: z.enum(['self_serve', 'request', 'staff', 'provider']),
  status: refundStatusSchema,
  amount: z.number().int(),
  reason: z.string().nullable(),
  /** Support's reason for a rejection, shown to the learner. */
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/**
 * What the refund policy allows for one paid order now, with the figures it was decided on:
 * `refund` (within 12 hours and under 20%: at once), `request` (within 48 hours and under 25%: support
 * decides), `none` (the reason says why).
 */
export const refundEligibilitySchema = z.object({
  action: z.enum(['refund', 'request', 'none']),
  reason: z.string(),
  hoursSincePayment: z.number(),
  /** Honest watched seconds over the course's video seconds, 0–100, one decimal. */
  completionPercent: z.number(),
});
export type RefundEligibility = z.infer<typeof refundEligibilitySchema>;

export const purchaseSchema = z.object({
  orderId: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  /** The pricing tier's title, or null for the course's own (lifetime) price. */
  tierTitle: z.string().nullable(),
  status: orderStatusSchema,
  /** Paise paid (after any coupon). */
  amount: z.number().int(),
  /** Paise before the coupon. */
  listAmount: z.number().int(),
  couponCode: z.string().nullable(),
  refundedAmount: z.number().int(),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  invoice: invoiceRefSchema.nullable(),
  creditNotes: z.array(invoiceRefSchema),
  refunds: z.array(refundSchema),
  /** Null unless the order is paid. */
  eligibility: refundEligibilitySchema.nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchaseListSchema = z.object({ purchases: z.array(purchaseSchema) });
export type PurchaseList = z.infer<typeof purchaseListSchema>;

export const orderParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_]+$/, 'Not an order reference.'),
});

export const cancellationRequestBodySchema = z
  .object({ reason: noNul(z.string().trim().min(1, 'Tell us briefly why you want to cancel.').max(1000)) })
  .strict();
export type CancellationRequestBody = z.input<typeof cancellationRequestBodySchema>;

export const refundOutcomeSchema = z.object({ refund: refundSchema, message: z.string() });
export type RefundOutcome = z.infer<typeof refundOutcomeSchema>;

export const invoiceParamsSchema = z.object({ id: z.uuid('Not an invoice id.') });

// Console: coupons (admin) and refunds (support and admin).

export const couponKindSchema = z.enum(['percent', 'fixed']);
export const couponScopeSchema = z.enum(['all', 'courses', 'tiers']);

const couponFields = {
  kind: couponKindSchema,
  /** Percent: 1–100. Fixed: paise, at least ₹1. */
  value: z.number().int().min(1).max(100_000_000),
  scope: couponScopeSchema,
  courseIds: z.array(slugSchema).max(200).default([]),
  tierIds: z.array(slugSchema).max(200).default([]),
  startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  /** Redemptions in all; null: no cap. */
  maxRedemptions: z.number().int().min(1).max(1_000_000).nullable().default(null),
  /** Per learner; null: no cap. */
  perLearnerLimit: z.number().int().min(1).max(1000).nullable().default(1),
  active: z.boolean().default(true),
};

function checkCoupon(
  coupon: {
    kind?: 'percent' | 'fixed';
    value?: number;
    scope?: 'all' | 'courses' | 'tiers';
    courseIds?: string[];
    tierIds?: string[];
    startsAt?: string | null;
    endsAt?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (coupon.kind === 'percent' && coupon.value !== undefined && coupon.value > 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100.' });
  }
  if (coupon.kind === 'fixed' && coupon.value !== undefined && coupon.value < 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'A fixed discount is at least ₹1.' });
  }
  if (coupon.scope === 'courses' && coupon.courseIds?.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['courseIds'], message: 'Choose at least one course.' });
  }
  if (coupon.scope === 'tiers' && coupon.tierIds?.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['tierIds'], message: 'Choose at least one pricing option.' });
  }
  if (coupon.startsAt && coupon.endsAt && Date.parse(coupon.endsAt) <= Date.parse(coupon.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start.' });
  }
}

export const createCouponBodySchema = z
  .object({ code: couponCodeSchema, ...couponFields })
  .strict()
  .superRefine(checkCoupon);
export type CreateCouponBody = z.input<typeof createCouponBodySchema>;

/** Everything but the code can change; the kind and value only while nobody has redeemed it. */
export const updateCouponBodySchema = z
  .object({
    kind: couponFields.kind.optional(),
    value: couponFields.value.optional(),
    scope: couponFields.scope.optional(),
    courseIds: z.array(slugSchema).max(200).optional(),
    tierIds: z.array(slugSchema).max(200).optional(),
    startsAt: z.iso.datetime({ offset: true }).nullable().optional(),
    endsAt: z.iso.datetime({ offset: true }).nullable().optional(),
    maxRedemptions: z.number().int().min(1).max(1_000_000).nullable().optional(),
    perLearnerLimit: z.number().int().min(1).max(1000).nullable().optional(),
    active: z.boolean().optional(),
  })
  .strict()
  .superRefine(checkCoupon);
export type UpdateCouponBody = z.input<typeof updateCouponBodySchema>;

export const couponParamsSchema = z.object({ id: z.uuid('Not a coupon id.') });

export const adminCouponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  kind: couponKindSchema,
  value: z.number().int(),
  label: z.string(),
  scope: couponScopeSchema,
  courseIds: z.array(z.string()),
  tierIds: z.array(z.string()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  perLearnerLimit: z.number().int().nullable(),
  active: z.boolean(),
  /** Settled redemptions (a paid order, or a free enrollment). */
  redemptions: z.number().int(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponListSchema = z.object({ coupons: z.array(adminCouponSchema) });
export type AdminCouponList = z.infer<typeof adminCouponListSchema>;

export const adminRefundsQuerySchema = z.object({
  status: refundStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminOrderSummarySchema = z.object({
  orderId: z.string(),
  paymentId: z.string().nullable(),
  status: orderStatusSchema,
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  courseId: z.string(),
  courseTitle: z.string(),
  tierTitle: z.string().nullable(),
  couponCode: z.string().nullable(),
  learner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminRefundSchema = refundSchema.extend({
  order: adminOrderSummarySchema,
  eligibility: refundEligibilitySchema.nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;
export const adminRefundListSchema = z.object({ refunds: z.array(adminRefundSchema) });
export type AdminRefundList = z.infer<typeof adminRefundListSchema>;

export const refundParamsSchema = z.object({ id: z.uuid('Not a refund id.') });

export const refundDecisionBodySchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }).strict(),
  z
    .object({
      decision: z.literal('reject'),
      reason: noNul(z.string().trim().min(1, 'Tell the learner why.').max(1000)),
    })
    .strict(),
]);
export type RefundDecisionBody = z.input<typeof refundDecisionBodySchema>;

/** A calendar date in India Standard Time, YYYY-MM-DD: the console's date filters and the accountant's export. */
const istDateSchema = z.iso.date('Enter a date as YYYY-MM-DD.');

/** Rupees in a query, at most two decimals (499, 499.50), read as paise: the console's amount filters. */
const rupeesQuerySchema = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter an amount in rupees of 0 or more, like 499 or 499.50.')
  .transform((text) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  });

/** Days from one YYYY-MM-DD to another, both counted. */
export const daysInRange = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/** True when both ends are dates (a refinement runs beside the fields' own errors, so they may not be). */
const isDateRange = (range: { from?: unknown; to?: unknown }): range is { from: string; to: string } =>
  istDateSchema.safeParse(range.from).success && istDateSchema.safeParse(range.to).success;

function checkDateRange(range: { from?: unknown; to?: unknown }, ctx: z.RefinementCtx) {
  if (isDateRange(range) && range.from > range.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date.' });
  }
}

export const adminOrdersQuerySchema = z
  .object({
    /** An order reference, a payment id, or part of a learner's email. */
    q: noNul(z.string().trim().max(200)).default(''),
    status: orderStatusSchema.optional(),
    /** The day the order was made, in India Standard Time: from and to are both included. */
    from: istDateSchema.optional(),
    to: istDateSchema.optional(),
    courseId: slugSchema.optional(),
    /** The amount paid, in rupees (read as paise): both included. */
    minAmount: rupeesQuerySchema.optional(),
    maxAmount: rupeesQuerySchema.optional(),
    /** The previous page's `nextCursor`: where this page starts (opaque). */
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'This list position is not valid: start again from the first page.')
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .superRefine((query, ctx) => {
    checkDateRange(query, ctx);
    const { minAmount, maxAmount } = query;
    if (typeof minAmount === 'number' && typeof maxAmount === 'number' && minAmount > maxAmount) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxAmount'],
        message: 'The largest amount must be at least the smallest.',
      });
    }
  });
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

/** The most days one export may span (a leap year). */
export const ORDER_EXPORT_MAX_DAYS = 366;

/**
 * The accountant's CSV: the orders paid (or paid and since refunded) on the days from `from` to `to`, both
 * included, by the date of payment in India Standard Time.
 */
export const adminOrdersExportQuerySchema = z
  .object({
    from: istDateSchema,
    to: istDateSchema,
    status: z.enum(['paid', 'refunded']).optional(),
    courseId: slugSchema.optional(),
  })
  .superRefine((query, ctx) => {
    checkDateRange(query, ctx);
    if (isDateRange(query) && query.from <= query.to && daysInRange(query.from, query.to) > ORDER_EXPORT_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Export at most ${ORDER_EXPORT_MAX_DAYS} days at a time.`,
      });
    }
  });
export type AdminOrdersExportQuery = z.input<typeof adminOrdersExportQuerySchema>;

export const adminOrderDetailSchema = adminOrderSummarySchema.extend({
  invoice: invoiceRefSchema.nullable(),
  creditNotes: z.array(invoiceRefSchema),
  refunds: z.array(refundSchema),
  eligibility: refundEligibilitySchema.nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderSummarySchema),
  /** The `cursor` of the next page; null when this page is the last. */
  nextCursor: z.string().nullable(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const staffRefundBodySchema = z
  .object({
    /** Paise; at most what is left unrefunded. The whole remainder ends the access it paid for. */
    amount: z.number().int().min(100, 'Refund at least ₹1.'),
    reason: noNul(z.string().trim().min(1, 'Give a reason for the audit log.').max(1000)),
  })
  .strict();
export type StaffRefundBody = z.input<typeof staffRefundBodySchema>;
