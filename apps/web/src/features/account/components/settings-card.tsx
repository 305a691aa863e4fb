import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardTitle } from '@/components/ui/card';

/** A titled group of settings; the title names the group for screen readers too. */
export function SettingsCard({
  id,
  title,
  description,
  Icon,
  children,
}: {
  id: string;
  title: string;
  description: string;
  Icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Card className="space-y-2" role="region" aria-labelledby={id}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 rounded-lg bg-accent/15 p-2 text-accent">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <CardTitle id={id}>{title}</CardTitle>
          <p className="text-sm text-muted">{description}</p>
        </div>
      </div>
      <div className="divide-y divide-border">{children}</div>
    </Card>
  );
}
