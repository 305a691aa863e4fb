/** The payments feature's query keys: all under 'payments', which logging out removes with the rest. */
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  billing: () => [...paymentKeys.all, 'billing'] as const,
  purchases: () => [...paymentKeys.all, 'purchases'] as const,
  couponQuotes: () => [...paymentKeys.all, 'coupon-quote'] as const,
  couponQuote: (courseId: string, pricingTierId: string | null, code: string) =>
    [...paymentKeys.couponQuotes(), courseId, pricingTierId, code] as const,
};
