import { endpoints, type VideoUpload } from '@kaushal/contract';
import { useEffect, useRef, useState } from 'react';
import type { Upload } from 'tus-js-client';
import { api, apiUrl } from '@/lib/api-client';
import { percent, uploadErrorMessage, uploadIdOf, videoUploadOptions } from '../lib/video-upload';

export type VideoUploadStatus =
  | { phase: 'idle' }
  | { phase: 'uploading' | 'paused'; percent: number; sent: number; total: number; error?: string }
  | { phase: 'processing'; percent: 100 }
  | { phase: 'done'; durationSeconds: number | null }
  | { phase: 'refused' | 'failed'; message: string };

const POLL_MS = 1000;

/**
 * A lesson's video upload over tus: start (resuming a stored upload of the same file if there is one), pause,
 * resume, then the upload's outcome read from GET /admin/uploads/videos/:id until it is done or refused.
 */
export function useVideoUpload(courseId: string, lessonId: string, onDone: (upload: VideoUpload) => void) {
  const [status, setStatus] = useState<VideoUploadStatus>({ phase: 'idle' });
  const upload = useRef<Upload | null>(null);
  const alive = useRef(true);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      void upload.current?.abort();
    };
  }, []);

  const poll = async (url: string) => {
    const uploadId = uploadIdOf(url);
    for (;;) {
      if (!alive.current) return;
      try {
        const state = await api(endpoints.adminVideoUpload, { params: { uploadId } });
        if (!alive.current) return;
        if (state.state === 'done') {
          setStatus({ phase: 'done', durationSeconds: state.durationSeconds });
          done.current(state);
          return;
        }
        if (state.state === 'refused' || state.state === 'failed') {
          setStatus({
            phase: state.state,
            message: state.detail ?? (state.state === 'refused' ? 'The video was refused.' : 'Storing failed.'),
          });
          return;
        }
      } catch (error) {
        setStatus({ phase: 'failed', message: (error as Error).message });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const start = async (file: File) => {
    setStatus({ phase: 'uploading', percent: 0, sent: 0, total: file.size });
    // tus-js-client (about 20 KB) loads with the first upload, not with the console.
    const { Upload } = await import('tus-js-client');
    const options = videoUploadOptions(apiUrl(endpoints.adminCreateVideoUpload.path), courseId, lessonId, file);
    const tus = new Upload(file, {
      ...options,
      onProgress: (sent, total) => {
        if (alive.current) setStatus({ phase: 'uploading', percent: percent(sent, total), sent, total });
      },
      onError: (error) => {
        if (!alive.current) return;
        const message = uploadErrorMessage(error);
        const status = 'originalResponse' in error ? error.originalResponse?.getStatus() : undefined;
        // A refusal of the file (400) is final; anything else can be resumed from the stored offset.
        if (status && status >= 400 && status < 500 && status !== 408 && status !== 429) {
          setStatus({ phase: 'refused', message });
        } else {
          setStatus((prev) =>
            prev.phase === 'uploading' || prev.phase === 'paused'
              ? { ...prev, phase: 'paused', error: message }
              : { phase: 'paused', percent: 0, sent: 0, total: file.size, error: message },
          );
        }
      },
      onSuccess: () => {
        if (!alive.current) return;
        setStatus({ phase: 'processing', percent: 100 });
        void poll(tus.url ?? '');
      },
    });
    upload.current = tus;
    void tus.findPreviousUploads().then((previous) => {
      const last = previous[0];
      if (last) tus.resumeFromPreviousUpload(last);
      tus.start();
    });
  };

  const pause = () => {
    void upload.current?.abort();
    setStatus((prev) => (prev.phase === 'uploading' ? { ...prev, phase: 'paused' } : prev));
  };

  const resume = () => {
    setStatus((prev) => (prev.phase === 'paused' ? { ...prev, phase: 'uploading', error: undefined } : prev));
    upload.current?.start();
  };

  return { status, start: (file: File) => void start(file), pause, resume };
}
