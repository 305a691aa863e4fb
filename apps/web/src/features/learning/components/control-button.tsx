import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** An icon button of the player's bar: named by its label (also its tooltip), 40 px, a visible focus ring. */
export function ControlButton({ label, className, children, ...props }: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-white transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50 [&_svg]:size-5',
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}
