import { type CouponQuote, endpoints, type RedeemCouponBody, type SuccessResponse } from '@kaushal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from './payment-keys';

/**
 * GET /coupons/quote: what a code (already upper-case) does to one purchase, priced by the server. A refusal
 * (unknown, expired, used up, not for this course or tier) is an ApiError whose detail the learner reads.
 */
export const couponQuoteQuery = (courseId: string, pricingTierId: string | null, code: string) =>
  queryOptions<CouponQuote>({
    queryKey: paymentKeys.couponQuote(courseId, pricingTierId, code),
    queryFn: ({ signal }) =>
      api(endpoints.couponQuote, {
        query: { code, courseId, ...(pricingTierId ? { pricingTierId } : {}) },
        signal,
      }),
    retry: false,
    // Caps and validity windows change: a quote a minute old is asked again.
    staleTime: 60_000,
  });

/** POST /payments/redeem-coupon: enrolls without checkout when the coupon makes the price ₹0. */
export async function redeemCoupon(body: RedeemCouponBody): Promise<SuccessResponse> {
  const response = await api(endpoints.redeemCoupon, { body });
  if (!response.success) throw new Error(response.message || 'Enrollment failed');
  return response;
}
