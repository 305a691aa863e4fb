import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

/**
 * A data table with a caption (its accessible name, visible or not) in a frame that scrolls sideways when the
 * table is wider than the screen. The frame is a named, focusable region, so a keyboard user can scroll it
 * too; the page itself never scrolls sideways.
 */
export function Table({
  caption,
  captionHidden = true,
  className,
  children,
  ...props
}: ComponentProps<'table'> & { caption: ReactNode; captionHidden?: boolean }) {
  const captionId = useId();
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      // relative: the visually hidden labels inside (absolutely placed) scroll with the table instead of widening the page.
      className="relative w-full overflow-x-auto rounded-xl border border-border bg-surface"
    >
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props}>
        <caption id={captionId} className={cn(captionHidden ? 'sr-only' : 'p-3 text-left font-semibold')}>
          {caption}
        </caption>
        {children}
      </table>
    </section>
  );
}

export function TableHead({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('border-b border-border bg-surface-2 text-xs text-muted', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b border-border last:border-b-0', className)} {...props} />;
}

/** A column's header by default (`scope="col"`); `scope="row"` for a row's. */
export function TableHeader({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} className={cn('px-3 py-2.5 font-semibold whitespace-nowrap', className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2.5 align-top', className)} {...props} />;
}
