import { describe, expect, it } from 'vitest';
import { formatPaise, paiseToRupeesText, parseRupees } from './money';

describe('parseRupees', () => {
  it.each([
    ['4999', 499_900],
    ['4999.5', 499_950],
    ['4999.50', 499_950],
    ['4,999.05', 499_905],
    ['₹ 1,00,000', 10_000_000],
    ['  0 ', 0],
    ['0.01', 1],
    ['12.', 1200],
    // 0.1 + 0.2 style sums never happen: 1.15 * 100 is 114.99999999999999 in floating point.
    ['1.15', 115],
    ['19999.99', 1_999_999],
  ])('reads %j as %i paise', (text, paise) => {
    expect(parseRupees(text)).toEqual({ ok: true, paise });
  });

  it.each([
    ['', /Enter price in rupees/],
    ['abc', /must be a number of rupees/],
    ['-5', /must be a number of rupees/],
    ['1e3', /must be a number of rupees/],
    ['4999.505', /at most two decimals/],
    ['100000.01', /at most ₹1,00,000/],
    ['99999999999999999999', /at most ₹1,00,000/],
  ])('refuses %j with a readable message', (text, message) => {
    const result = parseRupees(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toMatch(message);
  });

  it('names the field in its messages', () => {
    expect(parseRupees('x', 'Original price')).toEqual({
      ok: false,
      error: 'Original price must be a number of rupees, like 4999 or 4999.50.',
    });
  });
});

describe('paise back to rupees', () => {
  it.each([
    [0, '0'],
    [1, '0.01'],
    [499_900, '4999'],
    [499_950, '4999.50'],
    [499_905, '4999.05'],
  ])('%i paise fill a price field as %j, which reads back unchanged', (paise, text) => {
    expect(paiseToRupeesText(paise)).toBe(text);
    expect(parseRupees(text)).toEqual({ ok: true, paise });
  });

  it('formats for reading in Indian grouping, with paise only when there are some', () => {
    expect(formatPaise(499_900)).toBe('₹4,999');
    expect(formatPaise(10_000_000)).toBe('₹1,00,000');
    expect(formatPaise(499_950)).toBe('₹4,999.50');
    expect(formatPaise(0)).toBe('₹0');
  });
});
