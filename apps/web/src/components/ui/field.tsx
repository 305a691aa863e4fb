import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';
import { Label } from './label';

/** What a field hands its control: spread it onto the input, textarea or select. */
export interface FieldControlProps {
  id: string;
  required?: boolean;
  maxLength?: number;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  /** The control's id (for a label, and for code that focuses it); generated when absent. */
  id?: string;
  label: ReactNode;
  /** Marks the label with an asterisk (hidden from screen readers) and the control as required. */
  required?: boolean;
  /** Help shown under the control and read with it. */
  hint?: ReactNode;
  /** A problem with the value: shown under the control, read with it, and the control is marked invalid. */
  error?: ReactNode;
  /** The most characters the value may have (the contract's limit): the control's maxLength. */
  limit?: number | undefined;
  /** With a limit: the value's length so far, shown as 'n / limit' under the control. */
  count?: number;
  className?: string;
  children(control: FieldControlProps): ReactNode;
}

/** The asterisk of a required field; the control's own `required` is what assistive technology reads. */
export function RequiredMark() {
  return (
    <span className="text-danger" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** A label, its control, and the hint, error and character count that describe the control. */
export function Field({ id, label, required, hint, error, limit, count, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const countId = `${controlId}-count`;
  const showCount = limit !== undefined && count !== undefined;
  const describedBy = [hint && hintId, error && errorId, showCount && countId].filter(Boolean).join(' ');

  const control: FieldControlProps = { id: controlId };
  if (required) control.required = true;
  if (limit !== undefined) control.maxLength = limit;
  if (describedBy) control['aria-describedby'] = describedBy;
  if (error) control['aria-invalid'] = true;

  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={controlId}>
        {label}
        {required && <RequiredMark />}
      </Label>
      {children(control)}
      {(hint || error || showCount) && (
        <div className="flex items-start justify-between gap-3 text-xs">
          <div className="space-y-1">
            {hint && (
              <p id={hintId} className="text-muted">
                {hint}
              </p>
            )}
            {error && (
              <p id={errorId} className="text-danger">
                {error}
              </p>
            )}
          </div>
          {showCount && (
            <p id={countId} className={cn('shrink-0 tabular-nums', count >= limit ? 'text-danger' : 'text-muted')}>
              {count} / {limit}
              <span className="sr-only"> {t('characters')}</span>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
