import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { Link, useParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminCourse } from '../api/admin-course';
import { ConsoleStatus } from '../components/console-status';
import { CourseDetailsForm } from '../components/course-details-form';
import { CourseStatusBadge } from '../components/course-status-badge';
import { ErrorAlert } from '../components/error-alert';
import { InstructorsCard } from '../components/instructors-card';
import { OutlineCard } from '../components/outline-card';
import { PublishCard } from '../components/publish-card';
import { ThumbnailCard } from '../components/thumbnail-card';
import { TiersCard } from '../components/tiers-card';
import { canEditCourse, useConsole } from '../hooks/use-console';
import { formatWhen } from '../lib/dates';
import { errorMessage } from '../lib/form-errors';
import { coursePreviewPath } from '../lib/preview';

const backToList = (
  <Link
    to="/admin/courses"
    className="inline-flex items-center gap-1 text-sm text-accent underline-offset-4 hover:underline"
  >
    <ArrowLeft className="size-4" aria-hidden="true" />
    All courses
  </Link>
);

/**
 * One course in the console: its details, publishing, thumbnail, pricing tiers, instructors (admin) and the
 * outline (sections and lessons, with uploads), and a link to the learner's page as a preview. Every write sends the version this page read; Reload reads the course again after someone
 * else changed it, and the details form starts over from their version.
 */
export function AdminCoursePage() {
  const { id = '' } = useParams();
  const me = useConsole();
  const course = useAdminCourse(id);
  const [reloads, setReloads] = useState(0);
  usePageTitle(course.data ? `Console: ${course.data.title}` : 'Console: Course');

  const reload = () => {
    void course.refetch().then(() => setReloads((n) => n + 1));
  };

  if (course.isPending) return <ConsoleStatus>Loading the course…</ConsoleStatus>;
  if (course.isError) {
    const missing = course.error instanceof ApiError && course.error.status === 404;
    return (
      <div className="space-y-4">
        {backToList}
        <h2 className="text-2xl font-bold">{missing ? 'Course not found' : 'Course'}</h2>
        <ErrorAlert onRetry={missing ? undefined : () => course.refetch()}>{errorMessage(course.error)}</ErrorAlert>
      </div>
    );
  }

  const data = course.data;
  const canEdit = canEditCourse(me, data.id);
  return (
    <div className="space-y-6">
      {backToList}
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="min-w-0 text-2xl font-bold break-words">{data.title}</h2>
          <CourseStatusBadge status={data.status} />
        </div>
        <p className="text-sm break-words text-muted">
          Course id <code className="font-mono text-fg">{data.id}</code>
          {data.idLocked ? ' (fixed: the course has been published)' : ''} · version {data.version} · last changed{' '}
          <time dateTime={data.updatedAt}>{formatWhen(data.updatedAt)}</time>
          {data.updatedBy ? ` by ${data.updatedBy.name}` : ''}
        </p>
        <a
          href={coursePreviewPath(data)}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 text-sm text-accent underline-offset-4 hover:underline"
        >
          {data.draft ? 'Preview the changes as a learner' : 'Preview as a learner'}
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        {!canEdit && (
          <p className="text-sm">You can read this course; editing is for admins and the course's instructors.</p>
        )}
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <CourseDetailsForm key={reloads} course={data} canEdit={canEdit} onReload={reload} />
          <TiersCard course={data} canEdit={canEdit} onReload={reload} />
        </div>
        <div className="min-w-0 space-y-6">
          <PublishCard course={data} canEdit={canEdit} onReload={reload} />
          <ThumbnailCard course={data} canEdit={canEdit} onReload={reload} />
          {me.roles.includes('admin') && <InstructorsCard course={data} onReload={reload} />}
        </div>
      </div>
      <OutlineCard course={data} canEdit={canEdit} onReload={reload} />
    </div>
  );
}
