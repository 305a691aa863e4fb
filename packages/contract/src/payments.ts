import { z } from 'zod';
import { couponCodeSchema } from './commerce.ts';
import { slugSchema } from './common.ts';

export const createOrderBodySchema = z.object({
  courseId: slugSchema,
  pricingTierId: slugSchema.optional(),
  /** A coupon the server prices the order with (case-insensitive). */
  couponCode: couponCodeSchema.optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const paymentOrderSchema = z.object({
  keyId: z.string(),
  /** Paise. */
  amount: z.number().int(),
  currency: z.literal('INR'),
  name: z.string(),
  description: z.string(),
  orderId: z.string(),
  prefill: z.object({ name: z.string(), email: z.string() }),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

const razorpayId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_]+$/);

export const verifyPaymentBodySchema = z.object({
  razorpay_order_id: razorpayId,
  razorpay_payment_id: razorpayId,
  razorpay_signature: z
    .string()
    .min(1)
    .max(256)
    .regex(/^[a-f0-9]+$/i),
});
export type VerifyPaymentBody = z.infer<typeof verifyPaymentBodySchema>;

export const verifyPaymentResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

export const paymentStatusParamsSchema = z.object({ id: razorpayId });
export const paymentStatusSchema = z.object({
  orderId: z.string(),
  courseId: z.string(),
  pricingTierId: z.string().nullable(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  status: z.enum(['created', 'paid', 'failed', 'refunded']),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * What the pay button needs before an order exists: the checkout script to preload (Razorpay's, or the local
 * sandbox's path under the API) and the public key id.
 */
export const paymentConfigSchema = z.object({
  keyId: z.string(),
  /** Absolute, or a path on the API's origin (the sandbox). */
  checkoutUrl: z.string(),
  sandbox: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** The local payment sandbox (development only): pay an order, answered with a genuinely signed payment. */
export const sandboxPayBodySchema = z.object({ orderId: razorpayId });
export const sandboxPaymentSchema = verifyPaymentBodySchema;
export type SandboxPayment = z.infer<typeof sandboxPaymentSchema>;
