/** The analytics page's range and choices, kept in the URL (?from, ?to, ?course, ?lesson). */

export interface AnalyticsRange {
  from: string;
  to: string;
}

/** The most days one range may span (the API's ANALYTICS_MAX_DAYS; repeated so the console loads no zod here). */
export const MAX_RANGE_DAYS = 366;
/** Days shown when the URL names none: the last 30, today included. */
const DEFAULT_DAYS = 30;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string | null): text is string =>
  text !== null && DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/** Today in India (UTC+5:30) as YYYY-MM-DD. */
export const istToday = (now: Date) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The range the URL names, or the last 30 days when it names none or a range that cannot be. */
export function rangeFromParams(params: URLSearchParams, now: Date): AnalyticsRange {
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && checkRange(from, to) === null) return { from, to };
  const today = istToday(now);
  return { from: addDays(today, -(DEFAULT_DAYS - 1)), to: today };
}

/** Why a range cannot be asked for, or null when it can. */
export function checkRange(from: string, to: string): string | null {
  if (!isDay(from)) return 'Enter the first day as a date.';
  if (!isDay(to)) return 'Enter the last day as a date.';
  if (from > to) return 'The last day must be on or after the first day.';
  if (daysBetween(from, to) > MAX_RANGE_DAYS) return `Choose at most ${MAX_RANGE_DAYS} days at a time.`;
  return null;
}

/** 0.753 → '75.3%'. */
export const formatShare = (share: number) => `${(Math.round(share * 1000) / 10).toLocaleString('en-IN')}%`;

/** 75 → '1:15'; a lesson's second as the player shows it. */
export function formatSecond(second: number): string {
  const minutes = Math.floor(second / 60);
  return `${minutes}:${String(second % 60).padStart(2, '0')}`;
}

/** '2026-03-07' → '7 Mar' (the axis and the tables of a range). */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}
