import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

export interface CheckboxOption {
  value: string;
  label: ReactNode;
}

/**
 * A named group of checkboxes (a fieldset with its legend) for choosing several things: its hint and error are
 * read with each box, and an error marks the boxes invalid so a refused submit focuses the first. A long list
 * scrolls inside its frame.
 */
export function CheckboxGroup({
  legend,
  hint,
  error,
  options,
  selected,
  onChange,
  empty,
  disabled,
}: {
  legend: string;
  hint?: ReactNode;
  error?: string | undefined;
  options: readonly CheckboxOption[];
  selected: readonly string[];
  onChange: (value: string, checked: boolean) => void;
  /** Shown instead of the boxes when there are none (still loading, nothing to choose). */
  empty: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="min-w-0 space-y-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul
          className={cn(
            'max-h-56 space-y-1 overflow-y-auto rounded-lg border bg-surface-2 p-2',
            error ? 'border-danger' : 'border-border',
          )}
        >
          {options.map((option) => {
            const boxId = `${id}-${option.value}`;
            return (
              <li key={option.value} className="flex items-start gap-3 rounded-md px-1 py-1.5">
                <input
                  id={boxId}
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-accent"
                  checked={selected.includes(option.value)}
                  onChange={(e) => onChange(option.value, e.target.checked)}
                  aria-describedby={describedBy}
                  aria-invalid={error ? true : undefined}
                />
                <label htmlFor={boxId} className="min-w-0 text-sm break-words">
                  {option.label}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
