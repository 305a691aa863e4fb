import type { ReactNode } from 'react';

/** A waiting message with a spinner, read out politely (loading the console, a page's data). */
export function ConsoleStatus({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-[30vh] items-center justify-center gap-3" role="status">
      <span
        className="size-6 animate-spin rounded-full border-2 border-accent border-t-transparent"
        aria-hidden="true"
      />
      <span className="text-muted">{children}</span>
    </div>
  );
}
