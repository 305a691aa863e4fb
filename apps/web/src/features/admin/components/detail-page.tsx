import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { Link } from '@/lib/router';
import { errorMessage } from '../lib/form-errors';
import { ErrorAlert } from './error-alert';

const backClass =
  'inline-flex items-center gap-1 text-sm text-accent underline underline-offset-4 [.light_&]:text-[#00506a]';

/** The way back from one record's page (a learner, a ticket) to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={backClass}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/**
 * A record's page that could not be loaded: its heading and the reason, with Retry unless the record does not
 * exist (404) or its address is malformed (400), where trying again cannot help.
 */
export function DetailLoadError({
  titleId,
  title,
  back,
  error,
  retry,
}: {
  titleId: string;
  title: string;
  back: ReactNode;
  error: unknown;
  retry: () => void;
}) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      {back}
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      <ErrorAlert onRetry={missing ? undefined : retry}>{errorMessage(error)}</ErrorAlert>
    </section>
  );
}
