import type { AdminCourseDetail } from '@kaushal/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { assetUrl } from '@/lib/api-client';
import { useUploadThumbnail } from '../api/upload-thumbnail';
import { errorMessage } from '../lib/form-errors';
import { ApiErrorAlert } from './api-error-alert';
import { ConsoleCard } from './console-card';

/** The course's card picture: the current one, and an upload the server checks, crops to 640 x 360 and re-encodes. */
export function ThumbnailCard({
  course,
  canEdit,
  onReload,
}: {
  course: AdminCourseDetail;
  canEdit: boolean;
  onReload: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState('');
  const [saved, setSaved] = useState('');
  const upload = useUploadThumbnail(course.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved('');
    if (!file) {
      setMissing('Choose a picture (JPEG, PNG, WebP, AVIF, GIF or TIFF).');
      return;
    }
    setMissing('');
    upload.mutate({ version: course.version, file }, { onSuccess: () => setSaved('Thumbnail saved.') });
  };

  return (
    <ConsoleCard id="thumbnail-title" title="Thumbnail">
      {course.thumbnailUrl ? (
        <img
          src={assetUrl(course.thumbnailUrl)}
          alt={`Current thumbnail of ${course.title}`}
          width={640}
          height={360}
          className="aspect-video w-full rounded-lg border border-border object-cover"
        />
      ) : (
        <p className="text-sm text-muted">No thumbnail yet: the course card shows a plain background.</p>
      )}
      {canEdit && (
        <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label="Upload a thumbnail">
          <Field
            label="Picture"
            required
            hint="JPEG, PNG, WebP, AVIF, GIF or TIFF, up to 5 MB; cropped to 640 x 360 around its centre."
            error={missing}
          >
            {(control) => (
              <Input
                {...control}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          {upload.isError && (
            <ApiErrorAlert error={upload.error} onReload={onReload}>
              {errorMessage(upload.error)}
            </ApiErrorAlert>
          )}
          <div className="flex flex-wrap items-center justify-end gap-3">
            <p className="text-sm text-muted" role="status">
              {saved}
            </p>
            <Button type="submit" variant="secondary" disabled={upload.isPending}>
              {upload.isPending ? 'Uploading…' : 'Upload thumbnail'}
            </Button>
          </div>
        </form>
      )}
    </ConsoleCard>
  );
}
