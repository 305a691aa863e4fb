import type { DetailedError } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_SIZE,
  percent,
  shouldRetryStatus,
  shouldRetryUpload,
  uploadErrorMessage,
  uploadIdOf,
  videoUploadOptions,
} from './video-upload';

const failed = (status: number | null, body = ''): DetailedError =>
  Object.assign(new Error('failed'), {
    originalRequest: {} as DetailedError['originalRequest'],
    causingError: null,
    originalResponse: status === null ? null : ({ getStatus: () => status, getBody: () => body } as never),
  }) as DetailedError;

describe('video upload wiring', () => {
  it('retries a dropped connection, 408, 409, 423, 429 and 5xx, not other refusals', () => {
    for (const status of [0, 408, 409, 423, 429, 500, 503]) expect(shouldRetryStatus(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 410, 413]) expect(shouldRetryStatus(status)).toBe(false);
    expect(shouldRetryUpload(failed(null))).toBe(true);
    expect(shouldRetryUpload(failed(408))).toBe(true);
    expect(shouldRetryUpload(failed(400))).toBe(false);
  });

  it("shows the API's sentence, or says the connection dropped", () => {
    expect(uploadErrorMessage(failed(400, JSON.stringify({ detail: 'Not a video.', code: 'x' })))).toBe('Not a video.');
    expect(uploadErrorMessage(failed(502, '<html>'))).toBe('The upload was refused (502).');
    expect(uploadErrorMessage(failed(null))).toMatch(/connection dropped/);
  });

  it('reports whole percentages and 100 only at the end', () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(999, 1000)).toBe(99);
    expect(percent(1000, 1000)).toBe(100);
    expect(percent(1, 3)).toBe(33);
  });

  it('uses 5 MiB chunks, retry delays, the lesson in the metadata and resumable fingerprints', () => {
    const file = new File(['x'], 'lesson.mp4', { type: 'video/mp4' });
    const options = videoUploadOptions('/api/v1/admin/uploads/videos', 'c1', 'l1', file);
    expect(options.chunkSize).toBe(CHUNK_SIZE);
    expect(CHUNK_SIZE).toBe(5 * 1024 * 1024);
    expect(options.retryDelays?.length).toBeGreaterThan(3);
    expect(options.metadata).toEqual({ courseId: 'c1', lessonId: 'l1', filename: 'lesson.mp4' });
    expect(options.storeFingerprintForResuming).toBe(true);
    expect(options.onShouldRetry?.(failed(408), 0, options)).toBe(true);
  });

  it('takes the upload id from its URL', () => {
    expect(uploadIdOf('http://x/api/v1/admin/uploads/videos/0123abcd')).toBe('0123abcd');
    expect(uploadIdOf('/api/v1/admin/uploads/videos/ff00/')).toBe('ff00');
  });
});
