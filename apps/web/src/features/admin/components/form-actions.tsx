import type { ReactNode } from 'react';

/** A dialog's or card's buttons: stacked on phones (main action on top), in a row from 640 px. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>;
}
