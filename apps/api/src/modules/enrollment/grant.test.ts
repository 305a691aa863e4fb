import { describe, expect, it } from 'vitest';
import { describeEnrollment } from './access.ts';
import { nextAccess, WEEK_MS } from './grant.ts';

const at = (iso: string) => new Date(iso);

describe('nextAccess: the access rules', () => {
  const now = at('2025-03-01T10:00:00Z');

  it('starts a week from the payment and lifetime with no end', () => {
    expect(nextAccess(undefined, 'weekly', now)).toEqual({
      accessType: 'weekly',
      expiresAt: new Date(now.getTime() + WEEK_MS),
    });
    expect(nextAccess(undefined, 'permanent', now)).toEqual({ accessType: 'permanent', expiresAt: null });
  });

  it('extends a running week from its end, and an expired one from now', () => {
    const running = { accessType: 'weekly' as const, expiresAt: at('2025-03-05T10:00:00Z') };
    expect(nextAccess(running, 'weekly', now).expiresAt).toEqual(at('2025-03-12T10:00:00Z'));
    const expired = { accessType: 'weekly' as const, expiresAt: at('2025-02-20T10:00:00Z') };
    expect(nextAccess(expired, 'weekly', now).expiresAt).toEqual(at('2025-03-08T10:00:00Z'));
  });

  it('upgrades a week to lifetime, and a week never shortens lifetime', () => {
    const running = { accessType: 'weekly' as const, expiresAt: at('2025-03-05T10:00:00Z') };
    expect(nextAccess(running, 'permanent', now)).toEqual({ accessType: 'permanent', expiresAt: null });
    expect(nextAccess({ accessType: 'permanent', expiresAt: null }, 'weekly', now)).toEqual({
      accessType: 'permanent',
      expiresAt: null,
    });
  });

  it('describes the result for the course page', () => {
    const week = nextAccess(undefined, 'weekly', now);
    expect(describeEnrollment(week, now)).toMatchObject({ enrolled: true, status: 'weekly' });
    expect(describeEnrollment(week, new Date(now.getTime() + WEEK_MS))).toMatchObject({
      enrolled: false,
      status: 'expired',
    });
  });
});
