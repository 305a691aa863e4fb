/** An Indian financial year (April to March): `label` 2026-27 for display and storage, `short` 2627 for numbers. */
export interface FinancialYear {
  label: string;
  short: string;
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The financial year of a moment, by its date in India Standard Time (UTC+5:30, no daylight saving). */
export function financialYearOf(date: Date): FinancialYear {
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  const two = (year: number) => String(year % 100).padStart(2, '0');
  return { label: `${start}-${two(start + 1)}`, short: `${two(start)}${two(start + 1)}` };
}

/** The largest sequence number a series can reach in one financial year (six digits). */
export const MAX_INVOICE_SEQ = 999_999;

/**
 * `{PREFIX}/{FY}/{seq}`: INV/2627/00001. The sequence is padded to five digits and may grow to six, so with a
 * prefix of at most four characters a number stays within GST's 16 characters (letters, digits and `/`).
 */
export function formatInvoiceNumber(prefix: string, fyShort: string, seq: number): string {
  if (!/^[A-Z0-9]{1,4}$/.test(prefix)) throw new RangeError(`invoice prefix must be 1–4 capitals or digits: ${prefix}`);
  if (!/^\d{4}$/.test(fyShort)) throw new RangeError(`financial year must be four digits: ${fyShort}`);
  if (!Number.isInteger(seq) || seq < 1 || seq > MAX_INVOICE_SEQ) {
    throw new RangeError(`invoice sequence must be 1 to ${MAX_INVOICE_SEQ}: ${seq}`);
  }
  return `${prefix}/${fyShort}/${String(seq).padStart(5, '0')}`;
}
