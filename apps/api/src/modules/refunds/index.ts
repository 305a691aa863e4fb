// The refunds module's public surface (decision 024): its routes, and what the payment webhook settles.

export { courseCompletionPercent } from './completion.ts';
export { eligibilityOf } from './eligibility.ts';
export { applyProviderRefund, applyProviderRefundFailure, type ProviderRefundEvent } from './provider-refunds.ts';
export type { RefundDeps } from './refund-path.ts';
export { refundRoutes } from './routes.ts';
export { toRefund } from './views.ts';
