import { checkCouponCode, couponCodeSchema } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';

// The course page checks a coupon code's shape without zod (checkCouponCode); the API with couponCodeSchema.
// The two must agree on every code: the same code, or the same first message.
describe('checkCouponCode', () => {
  const inputs = [
    'save20',
    ' SAVE20 ',
    'ab',
    'abc',
    'a'.repeat(32),
    'a'.repeat(33),
    'ab!',
    'a!',
    'with space',
    'dash-and_under',
    '   ',
    'ÄBC',
    `${'!'.repeat(40)}`,
  ];
  for (const input of inputs) {
    it(`reads ${JSON.stringify(input)} as the schema does`, () => {
      const parsed = couponCodeSchema.safeParse(input);
      const expected = parsed.success ? { code: parsed.data } : { error: parsed.error.issues[0]?.message };
      expect(checkCouponCode(input)).toEqual(expected);
    });
  }
});
