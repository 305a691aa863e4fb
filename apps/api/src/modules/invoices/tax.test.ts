import { describe, expect, it } from 'vitest';
import { splitGst } from './tax.ts';

/** The decision's formula in exact integer arithmetic (BigInt), rounding half up: what splitGst must equal. */
function reference(amount: number, basisPoints: number) {
  const numerator = BigInt(amount) * 10_000n;
  const denominator = 10_000n + BigInt(basisPoints);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

describe('splitGst', () => {
  it('splits the seeded prices at 18% into taxable value, CGST and SGST', () => {
    expect(splitGst(99_900, 18, true)).toEqual({ taxable: 84_661, cgst: 7_620, sgst: 7_619, igst: 0 });
    expect(splitGst(499_900, 18, true)).toEqual({ taxable: 423_644, cgst: 38_128, sgst: 38_128, igst: 0 });
    expect(splitGst(99_900, 18, false)).toEqual({ taxable: 84_661, cgst: 0, sgst: 0, igst: 15_239 });
    // ₹1.18 is ₹1 plus 18 paise of tax, exactly.
    expect(splitGst(118, 18, true)).toEqual({ taxable: 100, cgst: 9, sgst: 9, igst: 0 });
    expect(splitGst(0, 18, true)).toEqual({ taxable: 0, cgst: 0, sgst: 0, igst: 0 });
    expect(splitGst(1, 18, false)).toEqual({ taxable: 1, cgst: 0, sgst: 0, igst: 0 });
  });

  it('adds up to the paisa for every amount up to ₹1,000 and a spread of larger ones, at several rates', () => {
    const amounts = [
      ...Array.from({ length: 100_001 }, (_, i) => i),
      ...Array.from({ length: 2_000 }, (_, i) => 100_000 + i * 49_999 + (i % 7)),
      99_999_999,
    ];
    // Checked without expect() per amount (about 700,000 of them): the first few wrong ones are reported.
    const wrong: string[] = [];
    for (const rate of [18, 5, 12, 28, 0, 2.5, 0.25]) {
      const basisPoints = Math.round(rate * 100);
      for (const amount of amounts) {
        const same = splitGst(amount, rate, true);
        const other = splitGst(amount, rate, false);
        const tax = same.cgst + same.sgst;
        const fine =
          same.taxable === reference(amount, basisPoints) &&
          same.taxable + tax === amount &&
          same.igst === 0 &&
          // CGST takes the odd paisa: the halves differ by at most one.
          (same.cgst === same.sgst || same.cgst === same.sgst + 1) &&
          other.taxable === same.taxable &&
          other.igst === tax &&
          other.cgst === 0 &&
          other.sgst === 0;
        if (!fine && wrong.length < 5) wrong.push(`${amount} at ${rate}%: ${JSON.stringify({ same, other })}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('rounds the taxable value to the nearest paisa, never truncating', () => {
    // 100 × 100 / 118 = 84.75…: 85 paise taxable, 15 tax (truncating would say 84 and 16).
    expect(splitGst(100, 18, true).taxable).toBe(85);
    // 5 × 100 / 105 = 4.76…: 5 paise taxable, no tax.
    expect(splitGst(5, 5, false)).toEqual({ taxable: 5, cgst: 0, sgst: 0, igst: 0 });
  });

  it('refuses amounts and rates that are not money', () => {
    for (const amount of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => splitGst(amount, 18, true)).toThrow(RangeError);
    }
    for (const rate of [-1, 101, 18.001, Number.NaN]) {
      expect(() => splitGst(100, rate, true)).toThrow(RangeError);
    }
  });
});
