import type { DetailedError, UploadOptions } from 'tus-js-client';

/** 5 MiB chunks: each PATCH is short enough for the API's 30 s request timeout on a slow link (decision 020). */
export const CHUNK_SIZE = 5 * 1024 * 1024;
/** Waits between tries after a failed request; after the last one the upload stops and offers Resume. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

/**
 * Whether a failed tus request is worth another try: no answer at all (a dropped connection), 408 (the API's
 * request timeout cut a slow PATCH, its bytes kept), 409 (offset mismatch: HEAD tells the offset), 423 (another
 * request holds the upload's lock), 429, or a 5xx. tus-js-client retries only 5xx, 409 and 423 by itself.
 */
export function shouldRetryStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 409 || status === 423 || status === 429 || status >= 500;
}

export const shouldRetryUpload = (error: DetailedError) =>
  shouldRetryStatus(error.originalResponse ? error.originalResponse.getStatus() : 0);

/** The server's sentence from a refused tus request ({detail, code} JSON), or a plain one. */
export function uploadErrorMessage(error: Error | DetailedError): string {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { detail?: unknown };
      if (typeof body.detail === 'string') return body.detail;
    } catch {
      // not JSON: fall through
    }
    return `The upload was refused (${response.getStatus()}).`;
  }
  return 'The connection dropped. Resume to continue from where the upload stopped.';
}

/** A percentage to show, whole numbers, never 100 before every byte arrived. */
export function percent(sent: number, total: number): number {
  if (total <= 0) return 0;
  const value = Math.floor((sent / total) * 100);
  return sent < total ? Math.min(value, 99) : 100;
}

/** The tus options of a lesson's video upload (everything but the callbacks). */
export function videoUploadOptions(endpoint: string, courseId: string, lessonId: string, file: File): UploadOptions {
  return {
    endpoint,
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    onShouldRetry: shouldRetryUpload,
    metadata: { courseId, lessonId, filename: file.name.slice(0, 255) },
    // The upload's URL is kept (localStorage) so a closed tab or a dropped connection resumes where it stopped.
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest: (request) => {
      const xhr = request.getUnderlyingObject() as XMLHttpRequest | undefined;
      if (xhr && 'withCredentials' in xhr) xhr.withCredentials = true;
    },
  };
}

/** The upload's id: the last segment of its URL (what the creation's Location named). */
export const uploadIdOf = (url: string) => (url.split('?')[0] ?? '').split('/').filter(Boolean).pop() ?? '';
