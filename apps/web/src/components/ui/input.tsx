import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Shared look of text-like form controls (input, textarea, select). */
export const fieldClass =
  'w-full rounded-lg border border-border bg-surface-2 px-3 text-base text-fg placeholder:text-muted/80 transition-colors focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger md:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClass, 'h-11', className)} {...props} />;
}
