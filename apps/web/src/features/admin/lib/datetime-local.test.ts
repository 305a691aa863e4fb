import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './datetime-local';

describe('datetime-local values', () => {
  it('sends a typed time as ISO 8601 with the reader’s offset, the same instant the browser reads', () => {
    const result = fromLocalInput('2026-12-01T09:30');
    if (!result.ok || !result.iso) throw new Error('expected a time');
    expect(result.iso).toMatch(/^2026-12-01T09:30:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(result.iso)).toBe(new Date('2026-12-01T09:30').getTime());
  });

  it('reads an instant back as the input showed it', () => {
    const result = fromLocalInput('2027-03-31T23:59');
    expect(result.ok && result.iso && toLocalInput(result.iso)).toBe('2027-03-31T23:59');
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
  });

  it('treats an empty value as no time and refuses anything else', () => {
    expect(fromLocalInput(' ')).toEqual({ ok: true, iso: null });
    expect(fromLocalInput('tomorrow')).toEqual({ ok: false });
    expect(fromLocalInput('2026-13-45T99:99')).toEqual({ ok: false });
  });
});
