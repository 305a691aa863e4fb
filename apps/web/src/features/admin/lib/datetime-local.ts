/**
 * A coupon's window is typed in datetime-local inputs (the reader's own clock, no zone) and sent as ISO 8601
 * with the reader's offset, so the instant is exact and the audit log shows the time as it was typed.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** An instant → what a datetime-local input shows for it: 'YYYY-MM-DDTHH:mm' in the reader's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export type LocalInputParse = { ok: true; iso: string | null } | { ok: false };

/** A datetime-local value → '2026-12-01T09:00:00+05:30' (null when empty); refuses what is not a date and time. */
export function fromLocalInput(value: string): LocalInputParse {
  const text = value.trim();
  if (text === '') return { ok: true, iso: null };
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return { ok: false };
  // Without a zone, a date-time string is read in the reader's time zone (ECMAScript Date.parse).
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return { ok: false };
  const offset = -at.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return { ok: true, iso: `${toLocalInput(at.toISOString())}:${pad(at.getSeconds())}${zone}` };
}
