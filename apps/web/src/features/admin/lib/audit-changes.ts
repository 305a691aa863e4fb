import { formatPaise } from './money';

/** One changed value of an audit entry, ready to read: 'title: Old → New'. */
export interface AuditChange {
  key: string;
  before: string;
  after: string;
}

/** Shown where one side has no value (a created tier has no before, a revoked role no after). */
export const NO_VALUE = '—';
const MAX_TEXT = 160;

function readable(key: string, value: unknown): string {
  if (value === undefined) return NO_VALUE;
  if (value === null || value === '') return 'empty';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' && /Paise$/.test(key)) return formatPaise(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((v) => readable('', v)).join(', ');
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** 'pricePaise' reads as 'price' once the value is shown in rupees. */
const readableKey = (key: string) => (/.Paise$/.test(key) ? key.replace(/Paise$/, '') : key);

/**
 * The before and after of an audit entry as one line per key, in the order the write recorded them (after's
 * keys first, then keys only before had): a creation lists its values from '—', a removal to '—'.
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const keys = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return keys.map((key) => ({
    key: readableKey(key),
    before: before ? readable(key, before[key]) : NO_VALUE,
    after: after ? readable(key, after[key]) : NO_VALUE,
  }));
}
