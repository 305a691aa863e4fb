import type { AdminCoupon, AdminCourseDetail } from '@kaushal/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useSaveCoupon } from '../api/admin-coupons';
import { useCourseChoices, useCourseDetails } from '../api/course-choices';
import { useFocusFirstError } from '../hooks/use-focus-first-error';
import {
  COUPON_API_FIELDS,
  type CouponDraft,
  type CouponField,
  type CouponKind,
  type CouponScope,
  couponChanges,
  draftOfCoupon,
  newCouponDraft,
  parseCouponDraft,
  tierCourseCandidates,
} from '../lib/coupon-form';
import { errorMessage, type FormErrors, formErrorsFrom, noFormErrors } from '../lib/form-errors';
import { formatPaise } from '../lib/money';
import { CheckboxGroup, type CheckboxOption } from './checkbox-group';
import { ErrorAlert } from './error-alert';
import { FormActions } from './form-actions';

const KINDS: Record<CouponKind, string> = { percent: 'Percentage off', fixed: 'Fixed amount off (₹)' };
const SCOPES: Record<CouponScope, string> = {
  all: 'All courses',
  courses: 'Some courses',
  tiers: 'Some pricing tiers',
};
/** The API's coded refusals, next to the field they are about. */
const CODE_FIELDS: Partial<Record<string, CouponField>> = {
  coupon_code_taken: 'code',
  coupon_redeemed: 'value',
  unknown_course: 'courseIds',
  unknown_pricing_tier: 'tierIds',
};

/**
 * A new coupon ('new') or changes to one (a coupon); null is closed. Amounts are typed in rupees and sent in
 * paise, the window in local time and sent with its offset; the API's refusals show next to their fields.
 */
export function CouponDialog({
  coupon,
  onClose,
  onSaved,
}: {
  coupon: AdminCoupon | 'new' | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  return (
    <Dialog open={coupon !== null} onOpenChange={(open) => !open && onClose()}>
      {coupon !== null && (
        <CouponForm
          key={coupon === 'new' ? 'new' : coupon.id}
          coupon={coupon === 'new' ? null : coupon}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

const courseTierLabel = (course: AdminCourseDetail, tier: AdminCourseDetail['tiers'][number]) =>
  `${course.title}: ${tier.title} · ${formatPaise(tier.pricePaise)}${tier.archived ? ' (archived)' : ''}`;

function CouponForm({
  coupon,
  onClose,
  onSaved,
}: {
  coupon: AdminCoupon | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [draft, setDraft] = useState<CouponDraft>(() => (coupon ? draftOfCoupon(coupon) : newCouponDraft()));
  const [errors, setErrors] = useState<FormErrors<CouponField>>(noFormErrors);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);
  const save = useSaveCoupon();
  const activeId = useId();
  const courses = useCourseChoices();
  const set = <K extends keyof CouponDraft>(key: K, value: CouponDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  // A tier coupon being edited names only its tiers: once the courses are known, offer the ones they belong to.
  const [placedTiers, setPlacedTiers] = useState(coupon?.scope !== 'tiers');
  if (!placedTiers && courses.data) {
    const ids = courses.data.map((course) => course.id);
    setPlacedTiers(true);
    setDraft((current) => ({ ...current, courseIds: tierCourseCandidates(current.tierIds, ids) }));
  }

  const details = useCourseDetails(draft.scope === 'tiers' ? draft.courseIds : []);
  const detailById = new Map(details.flatMap((result) => (result.data ? [[result.data.id, result.data]] : [])));
  const tiersLoading = details.some((result) => result.isPending);
  const redeemed = coupon !== null && coupon.redemptions > 0;

  const courseOptions: CheckboxOption[] = (courses.data ?? []).map((course) => ({
    value: course.id,
    label: course.status === 'published' ? course.title : `${course.title} (${course.status})`,
  }));
  for (const id of draft.courseIds) {
    if (courses.data && !courseOptions.some((option) => option.value === id))
      courseOptions.push({ value: id, label: id });
  }

  const tierOptions: CheckboxOption[] = draft.courseIds.flatMap((courseId) => {
    const course = detailById.get(courseId);
    if (!course) return [];
    return course.tiers
      .filter((tier) => !tier.archived || draft.tierIds.includes(tier.id))
      .map((tier) => ({ value: tier.id, label: courseTierLabel(course, tier) }));
  });
  // A tier already chosen whose course is not offered here stays listed (and checked) so it is not lost unseen.
  if (!tiersLoading) {
    for (const id of draft.tierIds) {
      if (!tierOptions.some((option) => option.value === id)) tierOptions.push({ value: id, label: id });
    }
  }

  const toggleCourse = (id: string, on: boolean) =>
    setDraft((current) => {
      const owned = on ? [] : (detailById.get(id)?.tiers ?? []).map((tier) => tier.id);
      return {
        ...current,
        courseIds: on ? [...current.courseIds, id] : current.courseIds.filter((c) => c !== id),
        // A course taken out of the choice takes its tiers with it.
        tierIds: current.tierIds.filter((tier) => !owned.includes(tier)),
      };
    });
  const toggleTier = (id: string, on: boolean) =>
    set('tierIds', on ? [...draft.tierIds, id] : draft.tierIds.filter((tier) => tier !== id));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCouponDraft(draft);
    if (!parsed.ok) {
      setErrors({ fields: parsed.fields, stale: false });
      return;
    }
    setErrors(noFormErrors);
    const handlers = (verb: string) => ({
      onSuccess: (saved: AdminCoupon) => {
        onSaved(`Coupon ${saved.code} ${verb}.`);
        onClose();
      },
      onError: (error: unknown) => setErrors(formErrorsFrom(error, COUPON_API_FIELDS, CODE_FIELDS)),
    });
    if (!coupon) {
      save.mutate({ id: null, body: parsed.values }, handlers('created'));
      return;
    }
    const changes = couponChanges(coupon, parsed.values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    save.mutate({ id: coupon.id, body: changes }, handlers('saved'));
  };

  return (
    <DialogContent
      className="max-w-2xl"
      onEscapeKeyDown={(e) => save.isPending && e.preventDefault()}
      onPointerDownOutside={(e) => save.isPending && e.preventDefault()}
    >
      <DialogTitle>{coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}</DialogTitle>
      <DialogDescription>
        {coupon
          ? 'The code stays as it is. Learners who already used the coupon keep what they paid.'
          : 'Learners type the code at checkout, in any case, or arrive with it in a link.'}
      </DialogDescription>
      <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate>
        {!coupon && (
          <Field
            label="Code"
            required
            hint="3 to 32 letters, digits, dashes or underscores; saved in capitals."
            error={errors.fields.code}
            limit={32}
          >
            {(control) => (
              <Input
                {...control}
                className="font-mono"
                value={draft.code}
                onChange={(e) => set('code', e.target.value.toUpperCase())}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
            )}
          </Field>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Kind" required error={errors.fields.kind}>
            {(control) => (
              <Select
                {...control}
                value={draft.kind}
                onChange={(e) => set('kind', e.target.value as CouponKind)}
                disabled={redeemed}
              >
                {Object.entries(KINDS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={draft.kind === 'percent' ? 'Discount (%)' : 'Discount (₹)'}
            required
            hint={
              redeemed
                ? 'Already redeemed: the kind and value stay. Create a new coupon for another discount.'
                : draft.kind === 'percent'
                  ? 'A whole number from 1 to 100.'
                  : 'Rupees, paise after the point. A price never goes below ₹0.'
            }
            error={errors.fields.value}
          >
            {(control) => (
              <Input
                {...control}
                inputMode={draft.kind === 'percent' ? 'numeric' : 'decimal'}
                autoComplete="off"
                value={draft.value}
                onChange={(e) => set('value', e.target.value)}
                disabled={redeemed}
              />
            )}
          </Field>
        </div>
        <Field label="Applies to" required error={errors.fields.scope}>
          {(control) => (
            <Select {...control} value={draft.scope} onChange={(e) => set('scope', e.target.value as CouponScope)}>
              {Object.entries(SCOPES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {draft.scope !== 'all' && (
          <CheckboxGroup
            legend={draft.scope === 'courses' ? 'Courses' : 'Courses to choose pricing tiers from'}
            error={errors.fields.courseIds}
            options={courseOptions}
            selected={draft.courseIds}
            onChange={toggleCourse}
            empty={
              courses.isError ? errorMessage(courses.error) : courses.isPending ? 'Loading courses…' : 'No courses yet.'
            }
          />
        )}
        {draft.scope === 'tiers' && (
          <CheckboxGroup
            legend="Pricing tiers"
            hint="The coupon applies to these tiers only, not to the courses' own prices."
            error={errors.fields.tierIds}
            options={tierOptions}
            selected={draft.tierIds}
            onChange={toggleTier}
            empty={
              draft.courseIds.length === 0
                ? 'Choose courses above to see their pricing tiers.'
                : tiersLoading
                  ? 'Loading pricing tiers…'
                  : 'The chosen courses have no pricing tiers: they sell at their own price. Choose Some courses instead.'
            }
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Starts" hint="Your local time. Empty: from now." error={errors.fields.startsAt}>
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                value={draft.startsAt}
                onChange={(e) => set('startsAt', e.target.value)}
              />
            )}
          </Field>
          <Field label="Ends" hint="Your local time. Empty: no end." error={errors.fields.endsAt}>
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                value={draft.endsAt}
                onChange={(e) => set('endsAt', e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Total cap" hint="Redemptions in all. Empty: no cap." error={errors.fields.maxRedemptions}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                value={draft.maxRedemptions}
                onChange={(e) => set('maxRedemptions', e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Per-learner cap"
            hint="Uses by one learner. Empty: no cap."
            error={errors.fields.perLearnerLimit}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                value={draft.perLearnerLimit}
                onChange={(e) => set('perLearnerLimit', e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="space-y-1">
          <div className="flex items-center gap-3">
            <input
              id={activeId}
              type="checkbox"
              className="size-5 accent-accent"
              checked={draft.active}
              onChange={(e) => set('active', e.target.checked)}
              aria-describedby={`${activeId}-hint`}
            />
            <label htmlFor={activeId} className="text-sm font-medium">
              Active
            </label>
          </div>
          <p id={`${activeId}-hint`} className="text-xs text-muted">
            Learners can use an active coupon within its window, up to its caps.
          </p>
        </div>
        {errors.form && <ErrorAlert>{errors.form}</ErrorAlert>}
        <FormActions>
          <DialogClose asChild>
            <Button variant="secondary" disabled={save.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : coupon ? 'Save coupon' : 'Create coupon'}
          </Button>
        </FormActions>
      </form>
    </DialogContent>
  );
}
