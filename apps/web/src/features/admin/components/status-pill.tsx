import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const TONES = {
  // As the shared Badge (components/ui/badge.tsx), with a darker shade of the light theme's accent and green
  // for 4.5:1 on their tints.
  accent: 'border-accent/40 bg-accent/15 text-accent [.light_&]:text-[#00506a]',
  success: 'border-success/40 bg-success/15 text-success [.light_&]:text-[#0a5c2e]',
  muted: 'border-border bg-surface-2 text-muted',
  danger: 'border-danger/40 bg-danger/15 text-danger',
} as const;

/**
 * A status in a console table (draft, published, failed…). It looks like the shared Badge but is the console's
 * own: importing the Badge from here would split it out of the chunk the home page loads.
 */
export function StatusPill({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
