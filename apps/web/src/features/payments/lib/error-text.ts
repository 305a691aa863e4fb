import { ApiError } from '@/lib/api-client';
import { type MessageId, t } from '@/lib/i18n/i18n';

/**
 * A refusal in the learner's words: the server's own reason for a 4xx (it writes them for learners), a
 * connection problem as such, and the caller's fallback for anything else (5xx details are never sent), in
 * the interface's language (the server's reason stays as the server wrote it).
 */
export function errorText(error: unknown, fallback: MessageId): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('Could not reach the server. Check your connection and try again.');
    if (error.status < 500 && error.detail) return error.detail;
  }
  return t(fallback);
}
