import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      variant: {
        // The light theme's accent is too light for small text on a tinted background: a darker shade of it.
        accent: 'border-accent/40 bg-accent/15 text-accent [.light_&]:text-[#00506a]',
        // Likewise the light theme's success green on its own tint (4.4:1): a darker shade for 4.5:1.
        success: 'border-success/40 bg-success/15 text-success [.light_&]:text-[#0a5c2e]',
        muted: 'border-border bg-surface-2 text-muted',
      },
    },
    defaultVariants: { variant: 'accent' },
  },
);

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
