import type { AccessType, AdminCourseDetail, AdminTier } from '@kaushal/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useSaveTier } from '../api/save-tier';
import { useFocusFirstError } from '../hooks/use-focus-first-error';
import { type FormErrors, formErrorsFrom, noFormErrors } from '../lib/form-errors';
import { paiseToRupeesText, parseRupees } from '../lib/money';
import { ACCESS_TYPES } from '../lib/options';
import { ErrorAlert } from './error-alert';
import { FormActions } from './form-actions';

type TierField = 'title' | 'description' | 'price' | 'originalPrice' | 'accessType';
const API_FIELDS = {
  title: 'title',
  description: 'description',
  pricePaise: 'price',
  originalPricePaise: 'originalPrice',
  accessType: 'accessType',
} as const;

/**
 * Adding or changing a pricing tier: prices typed in rupees (paise after the point) and sent in paise; the
 * API's refusals (a paid tier at ₹0, an original price below the price) show next to their fields. Open with a
 * tier to edit it, with 'new' to add one, with null to close.
 */
export function TierDialog({
  course,
  tier,
  onClose,
  onReload,
}: {
  course: AdminCourseDetail;
  tier: AdminTier | 'new' | null;
  onClose: () => void;
  onReload: () => void;
}) {
  return (
    <Dialog open={tier !== null} onOpenChange={(open) => !open && onClose()}>
      {tier !== null && (
        <TierForm
          key={tier === 'new' ? 'new' : tier.id}
          course={course}
          tier={tier === 'new' ? null : tier}
          onClose={onClose}
          onReload={onReload}
        />
      )}
    </Dialog>
  );
}

function TierForm({
  course,
  tier,
  onClose,
  onReload,
}: {
  course: AdminCourseDetail;
  tier: AdminTier | null;
  onClose: () => void;
  onReload: () => void;
}) {
  const [title, setTitle] = useState(tier?.title ?? '');
  const [description, setDescription] = useState(tier?.description ?? '');
  const [price, setPrice] = useState(tier ? paiseToRupeesText(tier.pricePaise) : '');
  // A tier without a discount (original = price) starts with the original price empty, so a new price keeps it so.
  const [originalPrice, setOriginalPrice] = useState(
    tier && tier.originalPricePaise !== tier.pricePaise ? paiseToRupeesText(tier.originalPricePaise) : '',
  );
  const [accessType, setAccessType] = useState<AccessType>(tier?.accessType ?? 'permanent');
  const [errors, setErrors] = useState<FormErrors<TierField>>(noFormErrors);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);
  const save = useSaveTier(course.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields: FormErrors<TierField>['fields'] = {};
    if (!title.trim()) fields.title = 'Title is required.';
    const pricePaise = parseRupees(price);
    if (!pricePaise.ok) fields.price = pricePaise.error;
    // Left empty, the original price is the price (no discount shown).
    const originalPaise = originalPrice.trim() === '' ? pricePaise : parseRupees(originalPrice, 'Original price');
    if (!originalPaise.ok) fields.originalPrice = originalPaise.error;
    if (!pricePaise.ok || !originalPaise.ok || fields.title) {
      setErrors({ fields, stale: false });
      return;
    }
    setErrors(noFormErrors);
    save.mutate(
      {
        tierId: tier?.id ?? null,
        body: {
          version: course.version,
          title: title.trim(),
          description: description.trim(),
          pricePaise: pricePaise.paise,
          originalPricePaise: originalPaise.paise,
          accessType,
        },
      },
      {
        onSuccess: onClose,
        onError: (error) => setErrors(formErrorsFrom(error, API_FIELDS)),
      },
    );
  };

  return (
    <DialogContent
      onEscapeKeyDown={(e) => save.isPending && e.preventDefault()}
      onPointerDownOutside={(e) => save.isPending && e.preventDefault()}
    >
      <DialogTitle>{tier ? `Edit tier: ${tier.title}` : 'Add a pricing tier'}</DialogTitle>
      <DialogDescription>
        {tier && tier.orders > 0
          ? `Learners who already bought this tier (${tier.orders}) keep what they paid for.`
          : 'Tiers are the plans learners choose from on the course page.'}
      </DialogDescription>
      <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field label="Title" required error={errors.fields.title} limit={120} count={title.length}>
          {(control) => <Input {...control} value={title} onChange={(e) => setTitle(e.target.value)} />}
        </Field>
        <Field label="Description" error={errors.fields.description} limit={500} count={description.length}>
          {(control) => (
            <Textarea {...control} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Price (₹)" required hint="Rupees, paise after the point." error={errors.fields.price}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Original price (₹)"
            hint="Before a discount, shown struck through. Empty: the price."
            error={errors.fields.originalPrice}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={originalPrice}
                onChange={(e) => setOriginalPrice(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="Access" required error={errors.fields.accessType}>
          {(control) => (
            <Select {...control} value={accessType} onChange={(e) => setAccessType(e.target.value as AccessType)}>
              {Object.entries(ACCESS_TYPES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
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
          <DialogClose asChild>
            <Button variant="secondary" disabled={save.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : tier ? 'Save tier' : 'Add tier'}
          </Button>
        </FormActions>
      </form>
    </DialogContent>
  );
}
