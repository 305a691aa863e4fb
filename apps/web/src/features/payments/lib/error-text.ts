import { ApiError } from '@/lib/api-client';

/**
 * A refusal in the learner's words: the server's own reason for a 4xx (it writes them for learners), a
 * connection problem as such, and the caller's fallback for anything else (5xx details are never sent).
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'Could not reach the server. Check your connection and try again.';
    if (error.status < 500 && error.detail) return error.detail;
  }
  return fallback;
}
