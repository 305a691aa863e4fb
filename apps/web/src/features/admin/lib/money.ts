/**
 * Prices in the console: typed in rupees with paise precision, sent and stored as whole paise (integers), so
 * no amount ever passes through a floating-point sum. The API's limits (packages/contract admin.ts) are
 * repeated in the messages only; the API checks them again.
 */
export const MAX_PAISE = 10_000_000;

export type RupeesParse = { ok: true; paise: number } | { ok: false; error: string };

/**
 * '4999', '4,999.5', '₹ 4999.50' → paise. Digits with at most two decimals; commas and a leading ₹ are allowed
 * as people type them. Whole rupees and paise are read as separate integers.
 */
export function parseRupees(text: string, field = 'Price'): RupeesParse {
  const cleaned = text.trim().replace(/^₹\s*/, '').replaceAll(',', '');
  if (cleaned === '') return { ok: false, error: `Enter ${field.toLowerCase()} in rupees, like 4999 or 4999.50.` };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return { ok: false, error: `${field} must be a number of rupees, like 4999 or 4999.50.` };
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, error: `${field} can have at most two decimals (paise).` };
  const rupees = Number(whole);
  const paise = rupees * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(paise) || paise > MAX_PAISE) {
    return { ok: false, error: `${field} must be at most ₹1,00,000.` };
  }
  return { ok: true, paise };
}

/** Paise → the text a price field starts with: '4999', '4999.50' (no grouping, so it reads back unchanged). */
export function paiseToRupeesText(paise: number): string {
  const whole = Math.trunc(paise / 100);
  const rest = Math.abs(paise % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** Paise for reading ('₹4,999', '₹4,999.50', '₹0'): shared with the learner's purchase history. */
export { formatPaise } from '@/lib/format';
