export { BillingDetailsLine } from './components/billing-details-line';
export { CouponBox } from './components/coupon-box';
export { EnrollButton, type EnrollButtonProps } from './components/enroll-button';
export {
  PayButton,
  type PayButtonHandle,
  type PayButtonProps,
  type PayButtonState,
  type PayCoupon,
} from './components/pay-button';
export { type CouponState, useCoupon } from './hooks/use-coupon';
