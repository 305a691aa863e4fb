import type { AdminCourseDetail } from '@kaushal/contract';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSetPublished } from '../api/publish-course';
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

/** Publish and Unpublish, each after a confirmation that says what it does. */
export function PublishCard({
  course,
  canEdit,
  onReload,
}: {
  course: AdminCourseDetail;
  canEdit: boolean;
  onReload: () => void;
}) {
  const [open, setOpen] = useState(false);
  const change = useSetPublished(course.id);
  const publish = course.status !== 'published';
  const noLessons = course.lessons.length === 0;
  const path = `/course/${course.id}`;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) change.reset();
  };

  return (
    <ConsoleCard id="publishing-title" title="Publishing">
      <div className="flex flex-wrap items-center gap-3">
        <CourseStatusBadge status={course.status} />
        <p className="text-sm text-muted">{SAYS[course.status]}</p>
      </div>
      {course.status === 'published' && (
        <Link to={path} className="inline-flex items-center gap-1 text-sm text-accent underline underline-offset-4">
          View on the site
          <ExternalLink className="size-4" aria-hidden="true" />
        </Link>
      )}
      {canEdit && (
        <>
          <Button
            variant={publish ? 'primary' : 'secondary'}
            onClick={() => setOpen(true)}
            disabled={publish && noLessons}
            aria-describedby={publish && noLessons ? 'publish-needs-lessons' : undefined}
          >
            {publish ? 'Publish' : 'Unpublish'}
          </Button>
          {publish && noLessons && (
            <p id="publish-needs-lessons" className="text-sm text-muted">
              A course needs at least one lesson before it is published.
            </p>
          )}
        </>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title={publish ? `Publish "${course.title}"?` : `Unpublish "${course.title}"?`}
        description={
          publish
            ? `It appears in the catalogue at ${path}, and its id is fixed from then on.`
            : 'It leaves the catalogue and can no longer be bought. Learners who enrolled keep their access.'
        }
        confirmLabel={publish ? 'Publish' : 'Unpublish'}
        pendingLabel={publish ? 'Publishing…' : 'Unpublishing…'}
        variant={publish ? 'primary' : 'destructive'}
        pending={change.isPending}
        onConfirm={() => change.mutate({ publish, version: course.version }, { onSuccess: () => setOpen(false) })}
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
