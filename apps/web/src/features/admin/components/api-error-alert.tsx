import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { ErrorAlert } from './error-alert';

/** An ErrorAlert for a failed write whose Reload shows only when the course changed meanwhile (stale_version). */
export function ApiErrorAlert({
  error,
  onReload,
  children,
}: {
  error: unknown;
  onReload: () => void;
  children: ReactNode;
}) {
  const stale = error instanceof ApiError && error.code === 'stale_version';
  return <ErrorAlert onReload={stale ? onReload : undefined}>{children}</ErrorAlert>;
}
