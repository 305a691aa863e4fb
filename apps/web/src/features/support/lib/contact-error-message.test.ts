import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { contactErrorMessage } from './contact-error-message';

const email = 'support@example.com';

describe('contactErrorMessage', () => {
  it("uses the server's detail first, whatever the status", () => {
    expect(contactErrorMessage(new ApiError(429, 'rate_limited', 'Slow down.'), email)).toBe('Slow down.');
    expect(contactErrorMessage(new ApiError(500, 'internal_error', 'Detail wins.'), email)).toBe('Detail wins.');
  });
  it('says server error with the support email on HTTP 500 without a detail', () => {
    expect(contactErrorMessage(new ApiError(500, 'internal_error', undefined), email)).toBe(
      'Server error. Please try again or email us directly at support@example.com',
    );
  });
  it('says network error when the request never got an answer', () => {
    expect(contactErrorMessage(new ApiError(0, 'network_error', undefined), email)).toBe(
      'Network error. Please check your internet connection and try again.',
    );
  });
  it('falls back to the generic text for anything else', () => {
    const generic = 'Failed to send message. Please try again later.';
    expect(contactErrorMessage(new ApiError(502, 'http_error', undefined), email)).toBe(generic);
    expect(contactErrorMessage(new Error('Submission failed'), email)).toBe(generic);
    expect(contactErrorMessage('boom', email)).toBe(generic);
  });
});
