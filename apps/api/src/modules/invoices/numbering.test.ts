import { describe, expect, it } from 'vitest';
import { financialYearOf, formatInvoiceNumber } from './numbering.ts';

describe('financialYearOf', () => {
  it('runs April to March by the date in India (UTC+5:30)', () => {
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toEqual({ label: '2026-27', short: '2627' });
    expect(financialYearOf(new Date('2027-03-31T23:59:59+05:30'))).toEqual({ label: '2026-27', short: '2627' });
    expect(financialYearOf(new Date('2027-04-01T00:00:00+05:30'))).toEqual({ label: '2027-28', short: '2728' });
    expect(financialYearOf(new Date('2026-11-25T12:00:00Z'))).toEqual({ label: '2026-27', short: '2627' });
    expect(financialYearOf(new Date('2026-01-15T12:00:00Z'))).toEqual({ label: '2025-26', short: '2526' });
  });

  it('takes the Indian date, not the UTC one, around midnight of 31 March', () => {
    // 31 March 2027, 18:30 UTC is already 1 April in India.
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z')).label).toBe('2027-28');
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z')).label).toBe('2026-27');
  });

  it('writes the years of a new century with two digits each', () => {
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toEqual({ label: '2099-00', short: '9900' });
    expect(financialYearOf(new Date('2100-02-01T00:00:00Z'))).toEqual({ label: '2099-00', short: '9900' });
  });
});

describe('formatInvoiceNumber', () => {
  it('pads the sequence to five digits and lets it grow to six, within 16 characters', () => {
    expect(formatInvoiceNumber('INV', '2627', 1)).toBe('INV/2627/00001');
    expect(formatInvoiceNumber('CRN', '2627', 12_345)).toBe('CRN/2627/12345');
    expect(formatInvoiceNumber('INV', '2627', 100_000)).toBe('INV/2627/100000');
    const longest = formatInvoiceNumber('ABCD', '2627', 999_999);
    expect(longest).toBe('ABCD/2627/999999');
    expect(longest.length).toBe(16);
    expect(longest).toMatch(/^[A-Z0-9/]+$/);
  });

  it('refuses a sequence past six digits and malformed parts', () => {
    expect(() => formatInvoiceNumber('INV', '2627', 1_000_000)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('INV', '2627', 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('INV', '2627', 1.5)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('INVOI', '2627', 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('inv', '2627', 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('INV', '26-27', 1)).toThrow(RangeError);
  });
});
