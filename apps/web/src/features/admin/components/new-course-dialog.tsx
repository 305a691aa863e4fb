import type { Difficulty } from '@kaushal/contract';
import { Plus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useNavigate } from '@/lib/router';
import { useCreateCourse } from '../api/create-course';
import { useFocusFirstError } from '../hooks/use-focus-first-error';
import { type FormErrors, formErrorsFrom, noFormErrors } from '../lib/form-errors';
import { parseRupees } from '../lib/money';
import { DIFFICULTIES, slugFromTitle } from '../lib/options';
import { ErrorAlert } from './error-alert';
import { FormActions } from './form-actions';

type NewCourseField = 'id' | 'title' | 'difficulty' | 'price';
const API_FIELDS = { id: 'id', title: 'title', difficulty: 'difficulty', pricePaise: 'price' } as const;

/**
 * 'New course' (admin): id, title, difficulty and price make a draft, which opens in the editor. The id
 * follows the title until it is edited; the price is typed in rupees and sent in paise. The API's refusals
 * show next to their fields.
 */
export function NewCourseDialog() {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [id, setId] = useState('');
  const [idEdited, setIdEdited] = useState(false);
  const [difficulty, setDifficulty] = useState<Difficulty>('Beginner');
  const [price, setPrice] = useState('0');
  const [errors, setErrors] = useState<FormErrors<NewCourseField>>(noFormErrors);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);
  const create = useCreateCourse();
  const navigate = useNavigate();

  const shownId = idEdited ? id : slugFromTitle(title);

  const reset = () => {
    setTitle('');
    setId('');
    setIdEdited(false);
    setDifficulty('Beginner');
    setPrice('0');
    setErrors(noFormErrors);
  };

  const onOpenChange = (next: boolean) => {
    if (create.isPending) return;
    setOpen(next);
    if (!next) reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields: FormErrors<NewCourseField>['fields'] = {};
    if (!title.trim()) fields.title = 'Title is required.';
    if (!shownId) fields.id = 'Course id is required: lower-case letters, digits and dashes.';
    const paise = parseRupees(price);
    if (!paise.ok) fields.price = paise.error;
    if (Object.keys(fields).length > 0 || !paise.ok) {
      setErrors({ fields, stale: false });
      return;
    }
    setErrors(noFormErrors);
    create.mutate(
      { id: shownId, title: title.trim(), difficulty, pricePaise: paise.paise },
      {
        onSuccess: (course) => {
          setOpen(false);
          reset();
          navigate(`/admin/courses/${encodeURIComponent(course.id)}`);
        },
        onError: (error) => setErrors(formErrorsFrom(error, API_FIELDS, { course_id_taken: 'id' })),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          New course
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>New course</DialogTitle>
        <DialogDescription>
          A draft only staff can see. Lessons, tiers and the rest are added in the editor before publishing.
        </DialogDescription>
        <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field label="Title" required error={errors.fields.title} limit={120} count={title.length}>
            {(control) => (
              <Input {...control} value={title} onChange={(e) => setTitle(e.target.value)} autoComplete="off" />
            )}
          </Field>
          <Field
            label="Course id"
            required
            hint={`The course's address: /course/${shownId || '…'}. Fixed once published.`}
            error={errors.fields.id}
            limit={100}
          >
            {(control) => (
              <Input
                {...control}
                value={shownId}
                onChange={(e) => {
                  setIdEdited(true);
                  setId(e.target.value);
                }}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="none"
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Difficulty" required error={errors.fields.difficulty}>
              {(control) => (
                <Select {...control} value={difficulty} onChange={(e) => setDifficulty(e.target.value as Difficulty)}>
                  {DIFFICULTIES.map((level) => (
                    <option key={level} value={level}>
                      {level}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field
              label="Price (₹)"
              required
              hint="Rupees, paise after the point. 0 for a free course."
              error={errors.fields.price}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={price}
                  onChange={(e) => setPrice(e.target.value)}
                  autoComplete="off"
                />
              )}
            </Field>
          </div>
          {errors.form && <ErrorAlert>{errors.form}</ErrorAlert>}
          <FormActions>
            <DialogClose asChild>
              <Button variant="secondary" disabled={create.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create draft'}
            </Button>
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
