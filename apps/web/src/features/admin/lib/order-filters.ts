import {
  type AdminOrderSummary,
  type AdminOrdersExportQuery,
  type AdminOrdersQuery,
  daysInRange,
  ORDER_EXPORT_MAX_DAYS,
} from '@kaushal/contract';
import { paiseToRupeesText, parseRupees } from './money';

export type OrderStatus = AdminOrderSummary['status'];

/** The order list's filters as the URL keeps them (the API's own names and formats: rupees, IST dates). */
export interface OrderFilters {
  q: string;
  status?: OrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  courseId?: string | undefined;
  /** Rupees as the API reads them: '499', '499.50'. */
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
}

export const ORDER_STATUS_CHOICES: readonly OrderStatus[] = ['paid', 'refunded', 'created', 'failed'];
const FILTER_KEYS = ['q', 'status', 'from', 'to', 'courseId', 'minAmount', 'maxAmount'] as const;

/** A real calendar date as YYYY-MM-DD (a date input's value), not 2026-02-30. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}
const isRupees = (text: string) => /^\d{1,9}(\.\d{1,2})?$/.test(text);
const isSlug = (text: string) => /^[a-z0-9][a-z0-9-]{0,99}$/.test(text);

/** The filters in the URL; a value edited into something the API would refuse is left out, not sent. */
export function filtersFromParams(params: URLSearchParams): OrderFilters {
  const valid = (key: string, ok: (text: string) => boolean) => {
    const value = params.get(key)?.trim();
    return value && ok(value) ? value : undefined;
  };
  const filters: OrderFilters = {
    q: params.get('q')?.trim() ?? '',
    status: ORDER_STATUS_CHOICES.find((status) => status === params.get('status')),
    from: valid('from', isCalendarDate),
    to: valid('to', isCalendarDate),
    courseId: valid('courseId', isSlug),
    minAmount: valid('minAmount', isRupees),
    maxAmount: valid('maxAmount', isRupees),
  };
  return filters;
}

/** The filters as URL changes (withParams): the empty ones removed. */
export const filtersToParams = (filters: OrderFilters): Record<string, string | undefined> =>
  Object.fromEntries(FILTER_KEYS.map((key) => [key, filters[key] || undefined]));

/** True when anything narrows the list. */
export const hasFilters = (filters: OrderFilters) => FILTER_KEYS.some((key) => Boolean(filters[key]));

/** GET /admin/orders's query for the filters (the page and its size are added by the caller). */
export function ordersQueryOf(filters: OrderFilters): AdminOrdersQuery {
  return {
    q: filters.q || undefined,
    status: filters.status,
    from: filters.from,
    to: filters.to,
    courseId: filters.courseId,
    minAmount: filters.minAmount,
    maxAmount: filters.maxAmount,
  };
}

/** The filter form's fields: what the inputs hold, as typed. */
export type OrderFilterForm = Record<(typeof FILTER_KEYS)[number], string>;
export type OrderFilterField = keyof OrderFilterForm;

export function formOfFilters(filters: OrderFilters): OrderFilterForm {
  return {
    q: filters.q,
    status: filters.status ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
    courseId: filters.courseId ?? '',
    minAmount: filters.minAmount ?? '',
    maxAmount: filters.maxAmount ?? '',
  };
}

export type FilterFormResult =
  | { ok: true; filters: OrderFilters }
  | { ok: false; errors: Partial<Record<OrderFilterField, string>> };

/**
 * The form's values as filters, or what is wrong with them: amounts typed as people type rupees ('₹1,499.50')
 * and kept as the API reads them ('1499.50'); the end date on or after the start.
 */
export function filtersFromForm(form: OrderFilterForm): FilterFormResult {
  const errors: Partial<Record<OrderFilterField, string>> = {};
  const amount = (field: 'minAmount' | 'maxAmount', label: string) => {
    if (!form[field].trim()) return undefined;
    const parsed = parseRupees(form[field], label);
    if (!parsed.ok) {
      errors[field] = parsed.error;
      return undefined;
    }
    return parsed.paise;
  };
  const min = amount('minAmount', 'The smallest amount');
  const max = amount('maxAmount', 'The largest amount');
  if (min !== undefined && max !== undefined && min > max) {
    errors.maxAmount = 'The largest amount must be at least the smallest.';
  }
  const date = (field: 'from' | 'to') => {
    const value = form[field].trim();
    if (value && !isCalendarDate(value)) errors[field] = 'Enter a date as YYYY-MM-DD.';
    return value || undefined;
  };
  const from = date('from');
  const to = date('to');
  if (from && to && !errors.from && !errors.to && from > to) {
    errors.to = 'The end date must be on or after the start date.';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    filters: {
      q: form.q.trim(),
      status: ORDER_STATUS_CHOICES.find((status) => status === form.status),
      from,
      to,
      courseId: form.courseId || undefined,
      minAmount: min === undefined ? undefined : paiseToRupeesText(min),
      maxAmount: max === undefined ? undefined : paiseToRupeesText(max),
    },
  };
}

/**
 * The accountant's export for these filters, or why there is none yet: it needs both dates (at most 366
 * days), and lists paid and refunded orders only. The search and the amounts do not apply to it.
 */
export function exportOf(filters: OrderFilters): { query: AdminOrdersExportQuery } | { reason: string } {
  const { from, to, status } = filters;
  if (!from || !to) return { reason: 'Choose both dates to export the orders paid on them.' };
  if (from > to) return { reason: 'The end date must be on or after the start date.' };
  if (daysInRange(from, to) > ORDER_EXPORT_MAX_DAYS) {
    return { reason: `Export at most ${ORDER_EXPORT_MAX_DAYS} days at a time: narrow the dates.` };
  }
  if (status === 'created' || status === 'failed') {
    return { reason: 'The export lists paid and refunded orders: choose Paid, Refunded or any status.' };
  }
  return { query: { from, to, status, courseId: filters.courseId } };
}
