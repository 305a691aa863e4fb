import type { AdminCourseDetail } from '@kaushal/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useVideoUpload } from '../hooks/use-video-upload';
import { ErrorAlert } from './error-alert';

type Lesson = AdminCourseDetail['lessons'][number];

const length = (seconds: number) => `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A lesson's video upload (tus, decision 020): a progress bar with the percentage, Pause and Resume (a dropped
 * connection stops it with Resume too; a closed tab resumes the same file from the stored upload URL), then the
 * API's verdict (accepted with its length, or refused with its sentence).
 */
export function VideoUploadForm({
  course,
  lesson,
  canEdit,
  onReload,
}: {
  course: AdminCourseDetail;
  lesson: Lesson;
  canEdit: boolean;
  onReload: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const inputId = useId();
  const headingId = useId();
  const { status, start, pause, resume } = useVideoUpload(course.id, lesson.id, onReload);
  const busy = status.phase === 'uploading' || status.phase === 'paused' || status.phase === 'processing';

  const current =
    lesson.videoType === 'direct'
      ? `An uploaded video (${length(lesson.durationSeconds)}).`
      : lesson.videoType === 'youtube'
        ? `A YouTube video: ${lesson.youtubeUrl}`
        : 'No video yet.';

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-border pt-4">
      <h3 id={headingId} className="font-semibold">
        Video
      </h3>
      <p className="text-sm break-words">Now: {current}</p>
      {canEdit && (
        <form
          className="space-y-3"
          aria-label="Upload a video"
          onSubmit={(event) => {
            event.preventDefault();
            if (file) start(file);
          }}
        >
          <div className="space-y-2">
            <Label htmlFor={inputId}>Video file (MP4 or WebM, up to 2 GB)</Label>
            <Input
              id={inputId}
              type="file"
              accept="video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov"
              disabled={busy}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          {(status.phase === 'uploading' || status.phase === 'paused' || status.phase === 'processing') && (
            <div className="space-y-1">
              <progress
                className="h-2 w-full accent-accent"
                max={100}
                value={status.percent}
                aria-label="Upload progress"
              />
              <p className="text-sm tabular-nums" role="status">
                {status.phase === 'processing'
                  ? 'Uploaded 100%. Checking the video…'
                  : `${status.phase === 'paused' ? 'Paused at' : 'Uploaded'} ${status.percent}% (${mb(status.sent)} of ${mb(status.total)})`}
              </p>
              {status.phase === 'paused' && status.error && <ErrorAlert>{status.error}</ErrorAlert>}
            </div>
          )}
          {status.phase === 'done' && (
            <p className="text-sm" role="status">
              Video accepted{status.durationSeconds !== null ? ` (${length(status.durationSeconds)})` : ''}: the lesson
              plays it now.
            </p>
          )}
          {(status.phase === 'refused' || status.phase === 'failed') && <ErrorAlert>{status.message}</ErrorAlert>}
          <div className="flex flex-wrap justify-end gap-3">
            {status.phase === 'uploading' && (
              <Button type="button" variant="secondary" onClick={pause}>
                Pause
              </Button>
            )}
            {status.phase === 'paused' && (
              <Button type="button" variant="secondary" onClick={resume}>
                Resume
              </Button>
            )}
            <Button type="submit" disabled={!file || busy}>
              Upload video
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
