import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A titled part of a console page (h3 under the page's h2), named by its title as a region. */
export function ConsoleCard({
  id,
  title,
  action,
  className,
  children,
  ...props
}: ComponentProps<'section'> & { id: string; title: string; action?: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className={cn('min-w-0 space-y-4 rounded-2xl border border-border bg-surface p-4 sm:p-6', className)}
      {...props}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}
