import type { AdminCourseDetail, Difficulty, UpdateCourseBody } from '@kaushal/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useUpdateCourse } from '../api/update-course';
import { useFocusFirstError } from '../hooks/use-focus-first-error';
import { type FormErrors, formErrorsFrom, noFormErrors } from '../lib/form-errors';
import { paiseToRupeesText, parseRupees } from '../lib/money';
import { DIFFICULTIES } from '../lib/options';
import { ConsoleCard } from './console-card';
import { ErrorAlert } from './error-alert';

type DetailsField = 'title' | 'description' | 'difficulty' | 'instructor' | 'duration' | 'price' | 'featured';
const API_FIELDS = {
  title: 'title',
  description: 'description',
  difficulty: 'difficulty',
  instructor: 'instructor',
  duration: 'duration',
  pricePaise: 'price',
  featured: 'featured',
} as const;

interface Draft {
  title: string;
  description: string;
  difficulty: Difficulty;
  instructor: string;
  duration: string;
  price: string;
  featured: boolean;
}

const draftOf = (course: AdminCourseDetail): Draft => ({
  title: course.title,
  description: course.description,
  difficulty: course.difficulty,
  instructor: course.instructor,
  duration: course.duration,
  price: paiseToRupeesText(course.pricePaise),
  featured: course.featured,
});

/**
 * The fields of a course that differ from the course as last read: a save sends only those, with the version
 * it was read at, so the audit log records what was changed and nothing else.
 */
export function changedFields(course: AdminCourseDetail, draft: Draft, pricePaise: number) {
  const changes: Omit<UpdateCourseBody, 'version'> = {};
  if (draft.title.trim() !== course.title) changes.title = draft.title.trim();
  if (draft.description.trim() !== course.description) changes.description = draft.description.trim();
  if (draft.difficulty !== course.difficulty) changes.difficulty = draft.difficulty;
  if (draft.instructor.trim() !== course.instructor) changes.instructor = draft.instructor.trim();
  if (draft.duration.trim() !== course.duration) changes.duration = draft.duration.trim();
  if (pricePaise !== course.pricePaise) changes.pricePaise = pricePaise;
  if (draft.featured !== course.featured) changes.featured = draft.featured;
  return changes;
}

/**
 * The course's details. Save sends the changed fields at the version this page read; when someone else saved
 * in between, the API's 409 says who and when, and Reload reads the course again (the form then starts from
 * their version). `key` the form by reloads: a remount starts from the course as read.
 */
export function CourseDetailsForm({
  course,
  canEdit,
  onReload,
}: {
  course: AdminCourseDetail;
  canEdit: boolean;
  onReload: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(course));
  const [errors, setErrors] = useState<FormErrors<DetailsField>>(noFormErrors);
  const [status, setStatus] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);
  const update = useUpdateCourse(course.id);
  const featuredId = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setStatus('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const price = parseRupees(draft.price);
    if (!price.ok) {
      setErrors({ fields: { price: price.error }, stale: false });
      return;
    }
    const changes = changedFields(course, draft, price.paise);
    setErrors(noFormErrors);
    if (Object.keys(changes).length === 0) {
      setStatus('No changes to save.');
      return;
    }
    update.mutate(
      { version: course.version, ...changes },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          setStatus('Changes saved.');
        },
        onError: (error) => setErrors(formErrorsFrom(error, API_FIELDS)),
      },
    );
  };

  const readOnly = !canEdit || update.isPending;
  return (
    <ConsoleCard id="details-title" title="Details">
      <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field label="Title" required error={errors.fields.title} limit={120} count={draft.title.length}>
          {(control) => (
            <Input
              {...control}
              value={draft.title}
              onChange={(e) => set('title', e.target.value)}
              readOnly={readOnly}
            />
          )}
        </Field>
        <Field
          label="Description"
          hint="Shown on the course page and in the catalogue."
          error={errors.fields.description}
          limit={2000}
          count={draft.description.length}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={5}
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
              readOnly={readOnly}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Difficulty" required error={errors.fields.difficulty}>
            {(control) => (
              <Select
                {...control}
                value={draft.difficulty}
                onChange={(e) => set('difficulty', e.target.value as Difficulty)}
                disabled={readOnly}
              >
                {DIFFICULTIES.map((level) => (
                  <option key={level} value={level}>
                    {level}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Instructor"
            hint="The name learners see; who may edit is set under Instructors."
            error={errors.fields.instructor}
            limit={120}
          >
            {(control) => (
              <Input
                {...control}
                value={draft.instructor}
                onChange={(e) => set('instructor', e.target.value)}
                readOnly={readOnly}
              />
            )}
          </Field>
          <Field
            label="Duration"
            hint="As learners read it, e.g. 6h 30m. Leave empty to derive it from the lessons."
            error={errors.fields.duration}
            limit={40}
          >
            {(control) => (
              <Input
                {...control}
                value={draft.duration}
                onChange={(e) => set('duration', e.target.value)}
                readOnly={readOnly}
              />
            )}
          </Field>
          <Field
            label="Price (₹)"
            required
            hint="Rupees, paise after the point (4999.50). 0 makes the course free."
            error={errors.fields.price}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={draft.price}
                onChange={(e) => set('price', e.target.value)}
                readOnly={readOnly}
              />
            )}
          </Field>
        </div>
        <div className="space-y-1">
          <div className="flex items-center gap-3">
            <input
              id={featuredId}
              type="checkbox"
              className="size-5 accent-accent"
              checked={draft.featured}
              onChange={(e) => set('featured', e.target.checked)}
              disabled={readOnly}
              aria-describedby={`${featuredId}-hint`}
            />
            <label htmlFor={featuredId} className="text-sm font-medium">
              Featured
            </label>
          </div>
          <p id={`${featuredId}-hint`} className="text-xs text-muted">
            Featured courses are shown first on the home page.
          </p>
          {errors.fields.featured && <p className="text-xs text-danger">{errors.fields.featured}</p>}
        </div>
        {errors.form && <ErrorAlert onReload={errors.stale ? onReload : undefined}>{errors.form}</ErrorAlert>}
        {canEdit && (
          <div className="flex flex-wrap items-center justify-end gap-3">
            <p className="text-sm text-muted" role="status">
              {status}
            </p>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save changes'}
            </Button>
          </div>
        )}
      </form>
    </ConsoleCard>
  );
}
