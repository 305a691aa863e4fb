import type { AdminCourseDetail } from '@kaushal/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useRemoveCaptions } from '../api/remove-captions';
import { useUploadCaptions } from '../api/upload-captions';
import { errorMessage } from '../lib/form-errors';
import { ApiErrorAlert } from './api-error-alert';

type Lesson = AdminCourseDetail['lessons'][number];

/** A lesson's caption tracks, and a form to add one (or replace the track in that language): WebVTT files. */
export function CaptionsForm({
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
  const [lang, setLang] = useState('en');
  const [label, setLabel] = useState('English');
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState('');
  const [saved, setSaved] = useState('');
  const headingId = useId();
  const upload = useUploadCaptions(course.id);
  const remove = useRemoveCaptions(course.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved('');
    if (!file) {
      setMissing('Choose a WebVTT (.vtt) file.');
      return;
    }
    setMissing('');
    upload.mutate(
      { lessonId: lesson.id, lang: lang.trim(), label: label.trim(), version: course.version, file },
      { onSuccess: () => setSaved(`Captions (${label.trim()}) saved.`) },
    );
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-border pt-4">
      <h3 id={headingId} className="font-semibold">
        Captions
      </h3>
      {lesson.captions.length === 0 ? (
        <p className="text-sm">No captions yet.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {lesson.captions.map((track) => (
            <li key={track.lang} className="flex flex-wrap items-center gap-3">
              <span>
                {track.label} ({track.lang})
              </span>
              {canEdit && (
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => {
                    setSaved('');
                    remove.mutate(
                      { lessonId: lesson.id, lang: track.lang, version: course.version },
                      { onSuccess: () => setSaved(`Captions (${track.label}) removed.`) },
                    );
                  }}
                >
                  Remove<span className="sr-only"> captions {track.label}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label="Upload captions">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Language code" required hint="For example en, hi or en-IN.">
              {(control) => <Input {...control} value={lang} onChange={(e) => setLang(e.target.value)} />}
            </Field>
            <Field label="Label" required hint="What the player's captions menu shows." limit={40} count={label.length}>
              {(control) => <Input {...control} value={label} onChange={(e) => setLabel(e.target.value)} />}
            </Field>
          </div>
          <Field label="Captions file (.vtt)" required error={missing}>
            {(control) => (
              <Input
                {...control}
                type="file"
                accept=".vtt,text/vtt"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          {(upload.isError || remove.isError) && (
            <ApiErrorAlert error={upload.error ?? remove.error} onReload={onReload}>
              {errorMessage(upload.error ?? remove.error)}
            </ApiErrorAlert>
          )}
          <div className="flex flex-wrap items-center justify-end gap-3">
            <p className="text-sm text-muted" role="status">
              {saved}
            </p>
            <Button type="submit" variant="secondary" disabled={upload.isPending}>
              {upload.isPending ? 'Uploading…' : 'Upload captions'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
