/** How invoices write money and dates (the PDF; the receipt email keeps its own shorter style). */

/** Paise as rupees with Indian digit grouping and always two decimals: 1,23,456.78 (the symbol is the caller's). */
export function formatInvoiceAmount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const whole = Math.abs(paise);
  const rupees = Math.floor(whole / 100).toLocaleString('en-IN');
  return `${sign}${rupees}.${String(whole % 100).padStart(2, '0')}`;
}

const invoiceDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});

/** An invoice's date, by the date in India: 25 Nov 2026. */
export function formatInvoiceDate(iso: string): string {
  return invoiceDate.format(new Date(iso));
}

/** A tax rate without trailing zeros: 18%, 9%, 2.5%. */
export function formatRate(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}
