import { describe, expect, it } from 'vitest';
import { csvLine, csvText, rupeesCell } from './csv.ts';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says, and leaves plain text alone', () => {
    expect(csvText('Ravi Kumar')).toBe('Ravi Kumar');
    expect(csvText('Ravi, "Ravi" Kumar')).toBe('"Ravi, ""Ravi"" Kumar"');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('अनन्या ₹')).toBe('अनन्या ₹');
    expect(csvText(null)).toBe('');
    expect(csvText(undefined)).toBe('');
  });

  it('keeps what a spreadsheet would run as a formula as text', () => {
    expect(csvText('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvText('+91 98765')).toBe("'+91 98765");
    expect(csvText('-2+3')).toBe("'-2+3");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\tcmd')).toBe("'\tcmd");
    expect(csvText('\r=1')).toBe(`"'\r=1"`);
    // Only at the start.
    expect(csvText('a=b')).toBe('a=b');
  });

  it('writes amounts as rupees with two decimals, unguarded, so they sum', () => {
    expect(rupeesCell(399_920)).toEqual({ number: '3999.20' });
    expect(rupeesCell(5)).toEqual({ number: '0.05' });
    expect(rupeesCell(0)).toEqual({ number: '0.00' });
    expect(rupeesCell(-10_050)).toEqual({ number: '-100.50' });
    expect(csvLine(['order_1', rupeesCell(-10_050), null, 'x,y'])).toBe('order_1,-100.50,,"x,y"\r\n');
  });
});
