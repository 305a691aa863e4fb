/** Coupons (decision 024): the console's coupons, what a code does to a price, and counting its redemptions. */
export {
  type CouponPrice,
  type CouponRow,
  couponLabel,
  type PriceWithCouponInput,
  priceWithCoupon,
} from './pricing.ts';
export { recordCouponRedemption } from './redemptions.ts';
export { adminCouponRoutes } from './routes.ts';
