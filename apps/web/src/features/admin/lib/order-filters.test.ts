import { describe, expect, it } from 'vitest';
import {
  exportOf,
  filtersFromForm,
  filtersFromParams,
  filtersToParams,
  formOfFilters,
  hasFilters,
  isCalendarDate,
} from './order-filters';

describe('order filters', () => {
  it('reads the URL, leaving out what the API would refuse', () => {
    const params = new URLSearchParams(
      'q=%20ravi%20&status=shipped&from=2026-13-40&to=2026-03-31&courseId=Not%20A%20Slug&minAmount=-1&maxAmount=1499.50',
    );
    expect(filtersFromParams(params)).toEqual({
      q: 'ravi',
      status: undefined,
      from: undefined,
      to: '2026-03-31',
      courseId: undefined,
      minAmount: undefined,
      maxAmount: '1499.50',
    });
    expect(hasFilters(filtersFromParams(new URLSearchParams('')))).toBe(false);
    expect(hasFilters(filtersFromParams(new URLSearchParams('status=paid')))).toBe(true);
  });

  it('goes from the URL to the form and back unchanged', () => {
    const params = new URLSearchParams(
      'q=ravi&status=refunded&from=2026-03-01&to=2026-03-31&courseId=rag&minAmount=499.5',
    );
    const filters = filtersFromParams(params);
    const result = filtersFromForm(formOfFilters(filters));
    expect(result).toEqual({ ok: true, filters: { ...filters, minAmount: '499.50' } });
    expect(filtersToParams(filters)).toEqual({
      q: 'ravi',
      status: 'refunded',
      from: '2026-03-01',
      to: '2026-03-31',
      courseId: 'rag',
      minAmount: '499.5',
      maxAmount: undefined,
    });
  });

  it('reads rupees as people type them, and refuses what cannot match', () => {
    const form = formOfFilters({ q: '' });
    expect(filtersFromForm({ ...form, minAmount: ' ₹1,499.5 ', maxAmount: '2000' })).toMatchObject({
      ok: true,
      filters: { minAmount: '1499.50', maxAmount: '2000' },
    });
    expect(filtersFromForm({ ...form, minAmount: '500', maxAmount: '499.99' })).toEqual({
      ok: false,
      errors: { maxAmount: 'The largest amount must be at least the smallest.' },
    });
    expect(filtersFromForm({ ...form, minAmount: '12.345' })).toMatchObject({
      ok: false,
      errors: { minAmount: expect.stringMatching(/two decimals/) },
    });
    expect(filtersFromForm({ ...form, from: '2026-04-01', to: '2026-03-31' })).toEqual({
      ok: false,
      errors: { to: 'The end date must be on or after the start date.' },
    });
    expect(filtersFromForm({ ...form, from: '2026-13-01' })).toMatchObject({ ok: false, errors: { from: /YYYY/ } });
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
  });

  it('exports the chosen days (at most 366, both counted) with the status and course, never the search or amounts', () => {
    expect(exportOf({ q: 'ravi', from: '2026-03-01' })).toEqual({
      reason: 'Choose both dates to export the orders paid on them.',
    });
    expect(
      exportOf({ q: 'ravi', from: '2024-01-01', to: '2024-12-31', status: 'paid', courseId: 'rag', minAmount: '5' }),
    ).toEqual({ query: { from: '2024-01-01', to: '2024-12-31', status: 'paid', courseId: 'rag' } });
    expect(exportOf({ q: '', from: '2025-01-01', to: '2026-01-02' })).toEqual({
      reason: 'Export at most 366 days at a time: narrow the dates.',
    });
    expect(exportOf({ q: '', from: '2026-03-01', to: '2026-03-31', status: 'created' })).toMatchObject({
      reason: expect.stringMatching(/paid and refunded/),
    });
  });
});
