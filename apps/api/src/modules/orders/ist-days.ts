/** India Standard Time: UTC+5:30 all year (no daylight saving), so a calendar day there is a fixed span. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** The instant a YYYY-MM-DD day begins in India (00:00 IST). The contract has checked the date. */
export function istDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

/**
 * The instants of the days from `from` to `to` in India, both included, as [start, end): the end is the next
 * day's 00:00 IST, so an order at 23:59:59.999 IST on `to` is inside and one at 00:00 the day after is not.
 */
export function istDaySpan(from: string | undefined, to: string | undefined): { start?: Date; end?: Date } {
  return {
    ...(from ? { start: istDayStart(from) } : {}),
    ...(to ? { end: new Date(istDayStart(to).getTime() + DAY_MS) } : {}),
  };
}

/** '2026-03-31 23:30:00': a moment as India's wall clock shows it (ISO order, which spreadsheets read as a date). */
export function istDateTime(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
