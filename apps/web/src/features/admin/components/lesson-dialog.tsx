import type { AdminCourseDetail } from '@kaushal/contract';
import { ExternalLink } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useSaveLesson } from '../api/save-lesson';
import { useFocusFirstError } from '../hooks/use-focus-first-error';
import { type FormErrors, formErrorsFrom, noFormErrors } from '../lib/form-errors';
import { lessonPreviewPath } from '../lib/preview';
import { CaptionsForm } from './captions-form';
import { ErrorAlert } from './error-alert';
import { FormActions } from './form-actions';
import { ResourcesForm } from './resources-form';
import { VideoUploadForm } from './video-upload-form';

export type LessonTarget = { kind: 'new'; sectionId: string } | { kind: 'lesson'; lessonId: string };

type LessonField = 'title' | 'description' | 'isFree' | 'youtubeUrl';
const API_FIELDS = { title: 'title', description: 'description', isFree: 'isFree', youtubeUrl: 'youtubeUrl' } as const;

/** A lesson id from its title: lower-case words joined by dashes, made unique in the course. */
export function lessonIdFrom(title: string, taken: ReadonlySet<string>): string {
  const base =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'lesson';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

/**
 * Adding or editing a lesson: title, description, the free flag and a YouTube embed link; for a lesson that
 * exists, its video upload (tus) and captions too, with what it has now.
 */
export function LessonDialog({
  course,
  target,
  canEdit,
  onClose,
  onReload,
}: {
  course: AdminCourseDetail;
  target: LessonTarget | null;
  canEdit: boolean;
  onClose: () => void;
  onReload: () => void;
}) {
  const lesson = target?.kind === 'lesson' ? course.lessons.find((l) => l.id === target.lessonId) : undefined;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target !== null && (
        <DialogContent className="max-w-2xl">
          <DialogTitle>{lesson ? `Lesson: ${lesson.title}` : 'Add a lesson'}</DialogTitle>
          <DialogDescription>
            {lesson
              ? 'Its details, its video (an upload or a YouTube link), its captions and its files for download.'
              : 'Added at the end of its section. Upload a video or captions once it exists.'}
          </DialogDescription>
          <LessonForm
            key={lesson?.id ?? 'new'}
            course={course}
            target={target}
            canEdit={canEdit}
            onClose={onClose}
            onReload={onReload}
          />
          {lesson && (
            <>
              <a
                href={lessonPreviewPath(course, lesson)}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1 justify-self-start text-sm text-accent underline-offset-4 hover:underline"
              >
                Preview this lesson as a learner
                <ExternalLink className="size-4" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
              <VideoUploadForm course={course} lesson={lesson} canEdit={canEdit} onReload={onReload} />
              <CaptionsForm course={course} lesson={lesson} canEdit={canEdit} onReload={onReload} />
              <ResourcesForm course={course} lesson={lesson} canEdit={canEdit} onReload={onReload} />
            </>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function LessonForm({
  course,
  target,
  canEdit,
  onClose,
  onReload,
}: {
  course: AdminCourseDetail;
  target: LessonTarget;
  canEdit: boolean;
  onClose: () => void;
  onReload: () => void;
}) {
  const lesson = target.kind === 'lesson' ? course.lessons.find((l) => l.id === target.lessonId) : undefined;
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [description, setDescription] = useState(lesson?.description ?? '');
  const [isFree, setIsFree] = useState(lesson?.isFree ?? false);
  const [youtubeUrl, setYoutubeUrl] = useState(lesson?.youtubeUrl ?? '');
  const [errors, setErrors] = useState<FormErrors<LessonField>>(noFormErrors);
  const [saved, setSaved] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);
  const save = useSaveLesson(course.id);
  const freeId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim().length < 3) {
      setErrors({ fields: { title: 'Title must be at least 3 characters.' }, stale: false });
      return;
    }
    setErrors(noFormErrors);
    setSaved('');
    const link = youtubeUrl.trim() === '' ? null : youtubeUrl.trim();
    const handlers = {
      onSuccess: () => {
        if (lesson) setSaved('Lesson saved.');
        else onClose();
      },
      onError: (error: unknown) => setErrors(formErrorsFrom(error, API_FIELDS)),
    };
    if (lesson) {
      const body: Parameters<typeof save.mutate>[0]['body'] = { version: course.version };
      if (title.trim() !== lesson.title) body.title = title.trim();
      if (description.trim() !== lesson.description) body.description = description.trim();
      if (isFree !== lesson.isFree) body.isFree = isFree;
      // An uploaded video is kept unless a YouTube link replaces it.
      if (link !== lesson.youtubeUrl && !(link === null && lesson.videoType === 'direct')) body.youtubeUrl = link;
      save.mutate({ lessonId: lesson.id, body }, handlers);
    } else if (target.kind === 'new') {
      save.mutate(
        {
          lessonId: null,
          body: {
            version: course.version,
            sectionId: target.sectionId,
            id: lessonIdFrom(title, new Set(course.lessons.map((l) => l.id))),
            title: title.trim(),
            description: description.trim(),
            isFree,
            youtubeUrl: link,
          },
        },
        handlers,
      );
    }
  };

  const readOnly = !canEdit;
  return (
    <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Lesson details">
      <Field label="Title" required error={errors.fields.title} limit={200} count={title.length}>
        {(control) => (
          <Input {...control} value={title} readOnly={readOnly} onChange={(e) => setTitle(e.target.value)} />
        )}
      </Field>
      <Field label="Description" error={errors.fields.description} limit={2000} count={description.length}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={description}
            readOnly={readOnly}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <div className="space-y-1">
        <div className="flex items-center gap-3">
          <input
            id={freeId}
            type="checkbox"
            className="size-5 accent-accent"
            checked={isFree}
            disabled={readOnly}
            onChange={(e) => setIsFree(e.target.checked)}
            aria-describedby={`${freeId}-hint`}
          />
          <label htmlFor={freeId} className="text-sm font-medium">
            Free preview
          </label>
        </div>
        <p id={`${freeId}-hint`} className="text-xs text-muted">
          Signed-in learners may watch a free lesson without buying the course.
        </p>
        {errors.fields.isFree && <p className="text-xs text-danger">{errors.fields.isFree}</p>}
      </div>
      <Field
        label="YouTube embed link"
        hint={
          lesson?.videoType === 'direct'
            ? 'This lesson plays an uploaded video; a link here replaces it.'
            : 'https://www.youtube.com/embed/ and the 11-character video id. Empty: no YouTube video.'
        }
        error={errors.fields.youtubeUrl}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            value={youtubeUrl}
            readOnly={readOnly}
            onChange={(e) => setYoutubeUrl(e.target.value)}
          />
        )}
      </Field>
      {errors.form && (
        <ErrorAlert
          onReload={
            errors.stale
              ? () => {
                  setErrors(noFormErrors);
                  onReload();
                }
              : undefined
          }
        >
          {errors.form}
        </ErrorAlert>
      )}
      <FormActions>
        <p className="mr-auto text-sm text-muted" role="status">
          {saved}
        </p>
        <DialogClose asChild>
          <Button variant="secondary" disabled={save.isPending}>
            {lesson ? 'Close' : 'Cancel'}
          </Button>
        </DialogClose>
        {canEdit && (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : lesson ? 'Save lesson' : 'Add lesson'}
          </Button>
        )}
      </FormActions>
    </form>
  );
}
