import type { CourseStatus } from '@kaushal/contract';
import { Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Link, useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { type CourseListQuery, useAdminCourses } from '../api/admin-courses';
import { ConsoleStatus } from '../components/console-status';
import { CourseStatusBadge, STATUS_LABELS } from '../components/course-status-badge';
import { ErrorAlert } from '../components/error-alert';
import { NewCourseDialog } from '../components/new-course-dialog';
import { Pager } from '../components/pager';
import { useConsole } from '../hooks/use-console';
import { formatWhen } from '../lib/dates';
import { errorMessage } from '../lib/form-errors';
import { formatPaise } from '../lib/money';
import { formatCount } from '../lib/numbers';
import { COURSE_SORTS, COURSE_STATUSES, type CourseSort } from '../lib/options';
import { choiceParam, pageParam, withParams } from '../lib/search-params';

const SORTS = COURSE_SORTS.map((sort) => sort.value);

/**
 * The console's course list: search by title or id, narrow by status, sort, page; these choices live in the URL
 * (back, forward and shared links keep them). Admins create drafts here; instructors see the courses they teach.
 */
export function AdminCoursesPage() {
  usePageTitle('Console: Courses');
  const me = useConsole();
  const [params, setParams] = useSearchParams();
  const query: CourseListQuery = {
    q: params.get('q') ?? undefined,
    status: choiceParam<CourseStatus>(params, 'status', COURSE_STATUSES),
    sort: choiceParam<CourseSort>(params, 'sort', SORTS) ?? 'updated',
    page: pageParam(params),
  };
  const courses = useAdminCourses(query);
  const ids = { search: useId(), status: useId(), sort: useId() };

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    setParams(withParams(params, { q: typeof text === 'string' ? text.trim() : undefined }));
  };

  return (
    <section aria-labelledby="courses-title" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="courses-title" className="text-2xl font-bold">
          Courses
        </h2>
        {me.roles.includes('admin') && <NewCourseDialog />}
      </div>
      {!me.roles.includes('admin') && !me.roles.includes('support') && (
        <p className="text-sm text-muted">The courses you teach.</p>
      )}

      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_12rem] md:items-end">
        <search>
          <form onSubmit={onSearch} className="flex items-end gap-2">
            <div className="min-w-0 flex-1 space-y-2">
              <Label htmlFor={ids.search}>Search by title or id</Label>
              <Input
                id={ids.search}
                name="q"
                type="search"
                defaultValue={query.q ?? ''}
                key={query.q ?? ''}
                maxLength={100}
              />
            </div>
            <Button type="submit" variant="secondary">
              <Search aria-hidden="true" />
              Search
            </Button>
          </form>
        </search>
        <div className="space-y-2">
          <Label htmlFor={ids.status}>Status</Label>
          <Select
            id={ids.status}
            value={query.status ?? ''}
            onChange={(e) => setParams(withParams(params, { status: e.target.value }))}
          >
            <option value="">All statuses</option>
            {COURSE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.sort}>Sort by</Label>
          <Select
            id={ids.sort}
            value={query.sort}
            onChange={(e) =>
              setParams(withParams(params, { sort: e.target.value === 'updated' ? '' : e.target.value }))
            }
          >
            {COURSE_SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {courses.isError && !courses.data ? (
        <ErrorAlert onRetry={() => courses.refetch()}>{errorMessage(courses.error)}</ErrorAlert>
      ) : !courses.data ? (
        <ConsoleStatus>Loading courses…</ConsoleStatus>
      ) : courses.data.items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-6 text-center text-muted">
          {query.q || query.status ? 'No course matches these filters.' : 'No courses yet.'}
        </p>
      ) : (
        <div aria-busy={courses.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
          <Table caption="Course list">
            <TableHead>
              <TableRow>
                <TableHeader>Title</TableHeader>
                <TableHeader>Status</TableHeader>
                <TableHeader className="text-right">Lessons</TableHeader>
                <TableHeader className="text-right">Students</TableHeader>
                <TableHeader className="text-right">Price</TableHeader>
                <TableHeader>Updated</TableHeader>
              </TableRow>
            </TableHead>
            <tbody>
              {courses.data.items.map((course) => (
                <TableRow key={course.id}>
                  <TableCell className="min-w-56">
                    <Link
                      to={`/admin/courses/${encodeURIComponent(course.id)}`}
                      className="font-semibold text-accent underline-offset-4 hover:underline"
                    >
                      {course.title}
                    </Link>
                    <span className="block text-xs break-all text-muted">{course.id}</span>
                  </TableCell>
                  <TableCell>
                    <CourseStatusBadge status={course.status} />
                    {course.featured && <span className="ml-2 text-xs text-muted">Featured</span>}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(course.lessons)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(course.students)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {course.pricePaise === 0 ? 'Free' : formatPaise(course.pricePaise)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={course.updatedAt}>{formatWhen(course.updatedAt)}</time>
                  </TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
          <Pager
            page={courses.data.page}
            pages={courses.data.pages}
            total={courses.data.total}
            noun={['course', 'courses']}
            onPage={(page) => setParams(withParams(params, { page }))}
          />
        </div>
      )}
    </section>
  );
}
