import { ApiError } from '@/lib/api-client';
import { msg, t } from '@/lib/i18n/i18n';

export const GENERIC_CONTACT_ERROR = msg('Failed to send message. Please try again later.');
export const NETWORK_CONTACT_ERROR = msg('Network error. Please check your internet connection and try again.');
export const serverContactError = (supportEmail: string) =>
  t('Server error. Please try again or email us directly at {email}', { email: supportEmail });

/**
 * The contact form's error text, in the spec's order (section 8): the server's detail; on HTTP 500 the
 * server-error line with the support email; on status 0 (no response) the network line; otherwise generic.
 * A non-success answer without an error arrives here as a plain Error and gets the generic text.
 */
export function contactErrorMessage(error: unknown, supportEmail: string): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    if (error.status === 500) return serverContactError(supportEmail);
    if (error.status === 0 || error.code === 'network_error') return t(NETWORK_CONTACT_ERROR);
  }
  return t(GENERIC_CONTACT_ERROR);
}
