/**
 * CSV as RFC 4180 writes it and spreadsheets read it: CRLF line ends; a cell with a comma, quote or line break
 * quoted, its quotes doubled. A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return: OWASP's list) gets a leading single quote, so a learner named `=HYPERLINK(…)` stays text.
 * Numbers are written by the caller as text it chose (amounts with two decimals), never through this guard.
 */

/** Excel reads a file as UTF-8 (₹, Devanagari names) only when it starts with this byte order mark. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One text cell, guarded against formulas and quoted when it must be. */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A cell the caller has formatted as a number ('4999.00'): written as it is, so a spreadsheet can sum it. */
export interface CsvNumber {
  readonly number: string;
}

/** One line: text cells guarded, number cells as they are, ending CRLF. */
export function csvLine(cells: ReadonlyArray<string | null | undefined | CsvNumber>): string {
  return `${cells.map((cell) => (typeof cell === 'object' && cell !== null ? cell.number : csvText(cell))).join(',')}\r\n`;
}

/** Paise as rupees with two decimals and no grouping or sign of currency: 499900 → '4999.00'. */
export function rupeesCell(paise: number): CsvNumber {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return { number: `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}` };
}
