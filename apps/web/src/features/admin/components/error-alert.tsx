import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * A refused write or a failed read, in words: the API's message, and, when the course changed under the
 * editor (409 stale_version), a Reload button that reads the course again.
 */
export function ErrorAlert({
  children,
  onReload,
  onRetry,
  className,
}: {
  children: ReactNode;
  onReload?: (() => void) | undefined;
  onRetry?: (() => void) | undefined;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-danger/60 bg-danger/10 p-4 text-sm sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <p className="min-w-0 break-words">{children}</p>
      {(onReload || onRetry) && (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 self-start sm:self-center"
          onClick={onReload ?? onRetry}
        >
          <RotateCw aria-hidden="true" />
          {onReload ? 'Reload' : 'Try again'}
        </Button>
      )}
    </div>
  );
}
