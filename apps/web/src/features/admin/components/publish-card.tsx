import type { AdminCourseDetail } from '@kaushal/contract';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/router';
import { type PublishAction, usePublishAction } from '../api/publish-course';
import { formatWhen } from '../lib/dates';
import { errorMessage } from '../lib/form-errors';
import { ApiErrorAlert } from './api-error-alert';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleCard } from './console-card';
import { CourseStatusBadge } from './course-status-badge';

const SAYS = {
  draft: 'A draft: only staff can see it.',
  published: 'In the catalogue: learners can find, buy and take it.',
  unpublished: 'Out of the catalogue: enrolled learners keep their access.',
} as const;

/** Each action's question, explanation and buttons. */
function confirmation(action: PublishAction, course: AdminCourseDetail, path: string) {
  const changes = course.draft !== null;
  switch (action) {
    case 'publish':
      return {
        title:
          changes && course.status === 'published'
            ? `Publish the changes to "${course.title}"?`
            : `Publish "${course.title}"?`,
        description:
          course.status === 'draft'
            ? `It appears in the catalogue at ${path}, and its id is fixed from then on.`
            : changes
              ? 'Learners see the course as you have edited it from now on: its text, outline, lessons and media.'
              : `It appears in the catalogue again at ${path}.`,
        confirmLabel: changes && course.status === 'published' ? 'Publish changes' : 'Publish',
        pendingLabel: 'Publishing…',
        variant: 'primary' as const,
      };
    case 'unpublish':
      return {
        title: `Unpublish "${course.title}"?`,
        description: 'It leaves the catalogue and can no longer be bought. Learners who enrolled keep their access.',
        confirmLabel: 'Unpublish',
        pendingLabel: 'Unpublishing…',
        variant: 'destructive' as const,
      };
    case 'discard':
      return {
        title: `Discard the changes to "${course.title}"?`,
        description:
          'The course goes back to what learners see now. Your unpublished edits, uploads included, are thrown away.',
        confirmLabel: 'Discard changes',
        pendingLabel: 'Discarding…',
        variant: 'destructive' as const,
      };
  }
}

/**
 * Publish, Unpublish, and a published course's pending changes (publish or discard them), each after a
 * confirmation that says what it does.
 */
export function PublishCard({
  course,
  canEdit,
  onReload,
}: {
  course: AdminCourseDetail;
  canEdit: boolean;
  onReload: () => void;
}) {
  const [action, setAction] = useState<PublishAction | null>(null);
  // The dialog keeps its words while it closes.
  const [shown, setShown] = useState<PublishAction>('publish');
  const ask = (next: PublishAction) => {
    setShown(next);
    setAction(next);
  };
  const change = usePublishAction(course.id);
  const live = course.status === 'published';
  const noLessons = course.lessons.length === 0;
  const path = `/course/${course.id}`;
  const asked = confirmation(shown, course, path);

  const onOpenChange = (open: boolean) => {
    if (!open) {
      setAction(null);
      change.reset();
    }
  };

  return (
    <ConsoleCard id="publishing-title" title="Publishing">
      <div className="flex flex-wrap items-center gap-3">
        <CourseStatusBadge status={course.status} />
        <p className="text-sm text-muted">{SAYS[course.status]}</p>
      </div>
      {course.draft && (
        <p className="rounded-lg border border-border bg-bg p-3 text-sm">
          <strong className="font-semibold">Unpublished changes</strong>, last saved{' '}
          <time dateTime={course.draft.updatedAt}>{formatWhen(course.draft.updatedAt)}</time>. Learners see the course
          as last published until you publish them.
        </p>
      )}
      {live && (
        <Link to={path} className="inline-flex items-center gap-1 text-sm text-accent underline underline-offset-4">
          View on the site
          <ExternalLink className="size-4" aria-hidden="true" />
        </Link>
      )}
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          {(!live || course.draft) && (
            <Button
              variant="primary"
              onClick={() => ask('publish')}
              disabled={noLessons}
              aria-describedby={noLessons ? 'publish-needs-lessons' : undefined}
            >
              {live ? 'Publish changes' : 'Publish'}
            </Button>
          )}
          {course.draft && (
            <Button variant="secondary" onClick={() => ask('discard')}>
              Discard changes
            </Button>
          )}
          {live && (
            <Button variant="secondary" onClick={() => ask('unpublish')}>
              Unpublish
            </Button>
          )}
        </div>
      )}
      {canEdit && noLessons && (
        <p id="publish-needs-lessons" className="text-sm text-muted">
          A course needs at least one lesson before it is published.
        </p>
      )}
      <ConfirmDialog
        open={action !== null}
        onOpenChange={onOpenChange}
        title={asked.title}
        description={asked.description}
        confirmLabel={asked.confirmLabel}
        pendingLabel={asked.pendingLabel}
        variant={asked.variant}
        pending={change.isPending}
        onConfirm={() =>
          action && change.mutate({ action, version: course.version }, { onSuccess: () => setAction(null) })
        }
      >
        {change.isError && (
          <ApiErrorAlert
            error={change.error}
            onReload={() => {
              change.reset();
              onReload();
            }}
          >
            {errorMessage(change.error)}
          </ApiErrorAlert>
        )}
      </ConfirmDialog>
    </ConsoleCard>
  );
}
