import { Search } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCourseChoices } from '../api/course-choices';
import { useFocusFirstError } from '../hooks/use-focus-first-error';
import {
  filtersFromForm,
  formOfFilters,
  ORDER_STATUS_CHOICES,
  type OrderFilterField,
  type OrderFilterForm,
  type OrderFilters,
} from '../lib/order-filters';
import { ORDER_STATUSES } from '../lib/refunds';

/**
 * The order list's filters: a search, the status, the course, the days the order was made (India time) and
 * the amount paid. Applied together on submit, into the URL; mounted again (key) when the URL changes, so
 * Back and Forward show the filters of the list they show.
 */
export function OrderFiltersForm({
  filters,
  onApply,
  onClear,
}: {
  filters: OrderFilters;
  onApply: (filters: OrderFilters) => void;
  onClear?: (() => void) | undefined;
}) {
  const [form, setForm] = useState<OrderFilterForm>(() => formOfFilters(filters));
  const [errors, setErrors] = useState<Partial<Record<OrderFilterField, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  const courses = useCourseChoices();
  const set = (field: OrderFilterField) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = filtersFromForm(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onApply(result.filters);
  };
  // The chosen course stays chosen while the list of courses loads (or if it cannot).
  const chosenMissing = form.courseId !== '' && !courses.data?.some((course) => course.id === form.courseId);

  return (
    // biome-ignore lint/a11y/useSemanticElements: the same landmark as <search>, which the tests' DOM (happy-dom) does not know, so React warns there.
    <form
      ref={formRef}
      role="search"
      aria-label="Orders"
      onSubmit={onSubmit}
      noValidate
      className="space-y-4 rounded-2xl border border-border bg-surface p-4 sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Order reference, payment id or learner email" className="sm:col-span-2">
          {(control) => (
            <Input
              {...control}
              name="q"
              type="search"
              value={form.q}
              onChange={set('q')}
              maxLength={200}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label="Status">
          {(control) => (
            <Select {...control} name="status" value={form.status} onChange={set('status')}>
              <option value="">Any status</option>
              {ORDER_STATUS_CHOICES.map((status) => (
                <option key={status} value={status}>
                  {ORDER_STATUSES[status].label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Course" hint={courses.isError ? 'The list of courses could not be loaded.' : undefined}>
          {(control) => (
            <Select {...control} name="courseId" value={form.courseId} onChange={set('courseId')}>
              <option value="">Any course</option>
              {chosenMissing && <option value={form.courseId}>{form.courseId}</option>}
              {courses.data?.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Made from" hint="A day in India time (IST)" error={errors.from}>
          {(control) => <Input {...control} name="from" type="date" value={form.from} onChange={set('from')} />}
        </Field>
        <Field label="Made until" hint="Included" error={errors.to}>
          {(control) => <Input {...control} name="to" type="date" value={form.to} onChange={set('to')} />}
        </Field>
        <Field label="Amount at least (₹)" error={errors.minAmount}>
          {(control) => (
            <Input
              {...control}
              name="minAmount"
              inputMode="decimal"
              autoComplete="off"
              value={form.minAmount}
              onChange={set('minAmount')}
            />
          )}
        </Field>
        <Field label="Amount at most (₹)" error={errors.maxAmount}>
          {(control) => (
            <Input
              {...control}
              name="maxAmount"
              inputMode="decimal"
              autoComplete="off"
              value={form.maxAmount}
              onChange={set('maxAmount')}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onClear && (
          <Button variant="ghost" onClick={onClear}>
            Clear filters
          </Button>
        )}
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
      </div>
    </form>
  );
}
