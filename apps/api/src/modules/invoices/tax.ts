/** A GST-inclusive amount split into its taxable value and tax, in paise (decision 024). */
export interface GstSplit {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * Prices are GST-inclusive: for A paise at r%, taxable = round(A × 100 / (100 + r)) and the tax is the rest,
 * so the parts add up to A exactly. Within the supplier's state the tax is CGST + SGST (CGST takes the odd
 * paisa), in another state IGST. The division is done in integers (the rate in hundredths of a percent) and
 * rounds half up, so no floating-point error can move a paisa.
 */
export function splitGst(amountPaise: number, ratePercent: number, sameState: boolean): GstSplit {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) {
    throw new RangeError(`amount must be a whole number of paise, not ${amountPaise}`);
  }
  const basisPoints = Math.round(ratePercent * 100);
  if (
    !Number.isFinite(ratePercent) ||
    ratePercent < 0 ||
    ratePercent > 100 ||
    Math.abs(basisPoints - ratePercent * 100) > 1e-6
  ) {
    throw new RangeError(`GST rate must be 0–100 with at most two decimals, not ${ratePercent}`);
  }
  const numerator = amountPaise * 10_000;
  const denominator = 10_000 + basisPoints;
  const taxable = Math.floor((2 * numerator + denominator) / (2 * denominator));
  const tax = amountPaise - taxable;
  if (!sameState) return { taxable, cgst: 0, sgst: 0, igst: tax };
  const cgst = Math.ceil(tax / 2);
  return { taxable, cgst, sgst: tax - cgst, igst: 0 };
}
