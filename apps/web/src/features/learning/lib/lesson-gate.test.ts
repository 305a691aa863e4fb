import { describe, expect, it } from 'vitest';
import { lessonGate } from './lesson-gate';

describe('lessonGate', () => {
  const free = { isFree: true, hasVideo: true };
  const paid = { isFree: false, hasVideo: true };
  it('sends visitors to sign in first, even for a free lesson without a video', () => {
    expect(lessonGate(free, { signedIn: false, isEnrolled: false })).toBe('sign-in');
    expect(lessonGate({ isFree: true, hasVideo: false }, { signedIn: false, isEnrolled: true })).toBe('sign-in');
  });
  it('asks for enrollment before saying a paid lesson has no video', () => {
    expect(lessonGate({ isFree: false, hasVideo: false }, { signedIn: true, isEnrolled: false })).toBe('enroll');
  });
  it('opens free lessons, and every lesson once enrolled, when they have a video', () => {
    expect(lessonGate(free, { signedIn: true, isEnrolled: false })).toBe('open');
    expect(lessonGate(paid, { signedIn: true, isEnrolled: true })).toBe('open');
    expect(lessonGate({ isFree: false, hasVideo: false }, { signedIn: true, isEnrolled: true })).toBe('no-video');
  });
});
