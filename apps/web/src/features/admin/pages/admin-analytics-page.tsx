import type { AnalyticsDropOff, AnalyticsFunnel, AnalyticsOverview } from '@kaushal/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Link, useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useAnalyticsDropOff } from '../api/analytics-drop-off';
import { useAnalyticsFunnel } from '../api/analytics-funnel';
import { useAnalyticsOverview } from '../api/analytics-overview';
import { useRefreshAnalytics } from '../api/analytics-refresh';
import { DailyChart, DropOffChart, FunnelChart } from '../components/analytics-charts';
import { ConsoleStatus } from '../components/console-status';
import { ErrorAlert } from '../components/error-alert';
import { RoleGate } from '../components/role-gate';
import { useConsole } from '../hooks/use-console';
import {
  type AnalyticsRange,
  checkRange,
  formatDay,
  formatSecond,
  formatShare,
  rangeFromParams,
} from '../lib/analytics';
import { formatWhen } from '../lib/dates';
import { errorMessage } from '../lib/form-errors';
import { formatPaise } from '../lib/money';
import { formatCount } from '../lib/numbers';
import { withParams } from '../lib/search-params';

/**
 * Analytics (admin, support, instructors for their own courses): enrollments, orders and sign-ups per day over a
 * range of IST days (revenue after refunds for admins only), a course's funnel from page visitors to completion,
 * and a lesson's drop-off from real playback. Every chart has a table with the same numbers.
 */
export function AdminAnalyticsPage() {
  usePageTitle('Console: Analytics');
  return (
    <RoleGate roles={['admin', 'support', 'instructor']} title="Analytics">
      <Analytics />
    </RoleGate>
  );
}

function Analytics() {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params, new Date());
  const courseId = params.get('course');
  const lessonId = params.get('lesson');
  const overview = useAnalyticsOverview(range);

  return (
    <section aria-labelledby="analytics-title" className="space-y-8">
      <div className="space-y-1">
        <h2 id="analytics-title" className="text-2xl font-bold">
          Analytics
        </h2>
        <p className="text-sm text-muted">
          Days are India time (IST). Playback figures are rolled up every few minutes; a viewer is one playback session
          of a lesson, filed under the day it began.
        </p>
      </div>
      <RefreshPlayback />
      <RangeForm
        key={`${range.from}/${range.to}`}
        range={range}
        onApply={(next) => setParams(withParams(params, { from: next.from, to: next.to }))}
      />
      {overview.isError && !overview.data ? (
        <ErrorAlert onRetry={() => overview.refetch()}>{errorMessage(overview.error)}</ErrorAlert>
      ) : !overview.data ? (
        <ConsoleStatus>Loading analytics…</ConsoleStatus>
      ) : (
        <>
          <Overview overview={overview.data} />
          <FunnelSection
            overview={overview.data}
            courseId={courseId}
            range={range}
            onCourse={(id) => setParams(withParams(params, { course: id || undefined, lesson: undefined }))}
          />
          {courseId && lessonId && <DropOffSection lessonId={lessonId} range={range} />}
        </>
      )}
    </section>
  );
}

/** "Update now" (admin, support): rolls up the playback stored since the job's last run. */
function RefreshPlayback() {
  const me = useConsole();
  const refresh = useRefreshAnalytics();
  if (!me.roles.includes('admin') && !me.roles.includes('support')) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" size="sm" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
        {refresh.isPending ? 'Updating playback figures…' : 'Update playback figures now'}
      </Button>
      <p className="text-sm text-muted" aria-live="polite">
        {refresh.isError
          ? errorMessage(refresh.error)
          : refresh.data
            ? `Updated: ${formatCount(refresh.data.events)} new ${refresh.data.events === 1 ? 'event' : 'events'} counted${
                refresh.data.rolledUpAt ? ` at ${formatWhen(refresh.data.rolledUpAt)}` : ''
              }.`
            : ''}
      </p>
    </div>
  );
}

function RangeForm({ range, onApply }: { range: AnalyticsRange; onApply: (range: AnalyticsRange) => void }) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkRange(from, to);
    setError(problem);
    if (!problem) onApply({ from, to });
  };
  return (
    <form
      aria-label="Range"
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-end gap-4 rounded-2xl border border-border bg-surface p-4"
    >
      <Field label="From">
        {(control) => (
          <Input {...control} name="from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        )}
      </Field>
      <Field label="To" hint="Included" error={error ?? undefined}>
        {(control) => <Input {...control} name="to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
      </Field>
      <Button type="submit">Show</Button>
    </form>
  );
}

function Overview({ overview }: { overview: AnalyticsOverview }) {
  const total = (pick: (d: AnalyticsOverview['days'][number]) => number | undefined) =>
    overview.days.reduce((sum, d) => sum + (pick(d) ?? 0), 0);
  const learners = overview.days[0]?.newLearners !== undefined;
  const figures: Array<[string, string]> = [
    ...(learners ? [['New learners', formatCount(total((d) => d.newLearners))] as [string, string]] : []),
    ['Free enrollments', formatCount(total((d) => d.enrollmentsFree))],
    ['Paid enrollments', formatCount(total((d) => d.enrollmentsPaid))],
    ['Orders paid', formatCount(total((d) => d.orders))],
    ...(overview.money
      ? [
          ['Revenue after refunds', formatPaise(total((d) => d.revenue))] as [string, string],
          ['Refunded', formatPaise(total((d) => d.refunds))] as [string, string],
        ]
      : []),
  ];
  return (
    <section aria-labelledby="overview-title" className="space-y-4">
      <h3 id="overview-title" className="text-xl font-semibold">
        {overview.money ? 'Sales, enrollments and sign-ups' : 'Enrollments and sign-ups'}
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-border bg-surface p-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <figure className="space-y-2 rounded-2xl border border-border bg-surface p-4">
        <figcaption className="text-sm font-medium">Per day, {overview.days.length} days</figcaption>
        <DailyChart overview={overview} />
        <details>
          <summary className="cursor-pointer text-sm text-accent underline underline-offset-4">
            The figures per day as a table
          </summary>
          <div className="mt-3">
            <Table caption="Per day">
              <TableHead>
                <TableRow>
                  <TableHeader>Day</TableHeader>
                  {learners && <TableHeader className="text-right">New learners</TableHeader>}
                  <TableHeader className="text-right">Free enrollments</TableHeader>
                  <TableHeader className="text-right">Paid enrollments</TableHeader>
                  <TableHeader className="text-right">Orders paid</TableHeader>
                  {overview.money && <TableHeader className="text-right">Revenue after refunds</TableHeader>}
                </TableRow>
              </TableHead>
              <tbody>
                {overview.days.map((d) => (
                  <TableRow key={d.day}>
                    <TableHeader scope="row" className="font-normal">
                      {formatDay(d.day)}
                    </TableHeader>
                    {learners && <Num>{formatCount(d.newLearners ?? 0)}</Num>}
                    <Num>{formatCount(d.enrollmentsFree)}</Num>
                    <Num>{formatCount(d.enrollmentsPaid)}</Num>
                    <Num>{formatCount(d.orders)}</Num>
                    {overview.money && <Num>{formatPaise(d.revenue ?? 0)}</Num>}
                  </TableRow>
                ))}
              </tbody>
            </Table>
          </div>
        </details>
      </figure>
      <Table caption="By course" captionHidden={false}>
        <TableHead>
          <TableRow>
            <TableHeader>Course</TableHeader>
            <TableHeader className="text-right">Free enrollments</TableHeader>
            <TableHeader className="text-right">Paid enrollments</TableHeader>
            <TableHeader className="text-right">Orders paid</TableHeader>
            {overview.money && <TableHeader className="text-right">Revenue after refunds</TableHeader>}
          </TableRow>
        </TableHead>
        <tbody>
          {overview.courses.map((c) => (
            <TableRow key={c.courseId}>
              <TableHeader scope="row" className="font-normal whitespace-normal">
                {c.title}
              </TableHeader>
              <Num>{formatCount(c.enrollmentsFree)}</Num>
              <Num>{formatCount(c.enrollmentsPaid)}</Num>
              <Num>{formatCount(c.orders)}</Num>
              {overview.money && <Num>{formatPaise(c.revenue ?? 0)}</Num>}
            </TableRow>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

const Num = ({ children }: { children: string }) => (
  <TableCell className="text-right whitespace-nowrap tabular-nums">{children}</TableCell>
);

function FunnelSection({
  overview,
  courseId,
  range,
  onCourse,
}: {
  overview: AnalyticsOverview;
  courseId: string | null;
  range: AnalyticsRange;
  onCourse: (id: string) => void;
}) {
  const funnel = useAnalyticsFunnel(courseId, range);
  return (
    <section aria-labelledby="funnel-title" className="space-y-4">
      <h3 id="funnel-title" className="text-xl font-semibold">
        Course funnel
      </h3>
      <Field label="Course" className="max-w-md">
        {(control) => (
          <Select {...control} name="course" value={courseId ?? ''} onChange={(e) => onCourse(e.target.value)}>
            <option value="">Choose a course</option>
            {overview.courses.map((c) => (
              <option key={c.courseId} value={c.courseId}>
                {c.title}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {courseId &&
        (funnel.isError ? (
          <ErrorAlert onRetry={() => funnel.refetch()}>{errorMessage(funnel.error)}</ErrorAlert>
        ) : !funnel.data ? (
          <ConsoleStatus>Loading the funnel…</ConsoleStatus>
        ) : (
          <Funnel funnel={funnel.data} />
        ))}
    </section>
  );
}

function Funnel({ funnel }: { funnel: AnalyticsFunnel }) {
  const [params] = useSearchParams();
  const visitors = funnel.steps[0]?.count ?? 0;
  return (
    <div className="space-y-4">
      <figure className="space-y-2 rounded-2xl border border-border bg-surface p-4">
        <figcaption className="text-sm font-medium">
          {funnel.title}: people at each step, {formatDay(funnel.from)} to {formatDay(funnel.to)}
        </figcaption>
        <FunnelChart funnel={funnel} />
        <Table caption={`Funnel of ${funnel.title}`}>
          <TableHead>
            <TableRow>
              <TableHeader>Step</TableHeader>
              <TableHeader className="text-right">People</TableHeader>
              <TableHeader className="text-right">Of the visitors</TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {funnel.steps.map((s) => (
              <TableRow key={s.step}>
                <TableHeader scope="row" className="font-normal">
                  {s.label}
                </TableHeader>
                <Num>{formatCount(s.count)}</Num>
                <Num>{visitors === 0 ? '–' : formatShare(s.count / visitors)}</Num>
              </TableRow>
            ))}
          </tbody>
        </Table>
        <p className="text-xs text-muted">
          Each step counts the people who took it for the first time in these days. Visitors are counted once a day per
          browser, without cookies or personal data.
          {funnel.rolledUpAt === null && ' Playback has not been rolled up yet.'}
        </p>
      </figure>
      <Table caption={`Lessons of ${funnel.title}`} captionHidden={false}>
        <TableHead>
          <TableRow>
            <TableHeader>Lesson</TableHeader>
            <TableHeader className="text-right">Viewers</TableHeader>
            <TableHeader className="text-right">Watched to the end</TableHeader>
            <TableHeader>
              <span className="sr-only">Drop-off</span>
            </TableHeader>
          </TableRow>
        </TableHead>
        <tbody>
          {funnel.lessons.map((l) => (
            <TableRow key={l.lessonId}>
              <TableHeader scope="row" className="font-normal whitespace-normal">
                {l.position + 1}. {l.title}
                {l.isFree && <span className="ml-2 text-xs text-muted">(free)</span>}
              </TableHeader>
              <Num>{formatCount(l.viewers)}</Num>
              <Num>{formatCount(l.finished)}</Num>
              <TableCell>
                <Link
                  to={`?${withParams(params, { lesson: l.lessonId }).toString()}`}
                  className="whitespace-nowrap text-accent underline underline-offset-4 [.light_&]:text-[#00506a]"
                  aria-label={`Drop-off of ${l.title}`}
                >
                  Drop-off
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function DropOffSection({ lessonId, range }: { lessonId: string; range: AnalyticsRange }) {
  const dropOff = useAnalyticsDropOff(lessonId, range);
  if (dropOff.isError) {
    return <ErrorAlert onRetry={() => dropOff.refetch()}>{errorMessage(dropOff.error)}</ErrorAlert>;
  }
  if (!dropOff.data) return <ConsoleStatus>Loading the drop-off…</ConsoleStatus>;
  return <DropOff dropOff={dropOff.data} />;
}

function DropOff({ dropOff }: { dropOff: AnalyticsDropOff }) {
  const mostLeft = dropOff.lastSeen
    .slice(0, -1)
    .reduce((best, point) => (point.viewers > best.viewers ? point : best), { percent: 0, viewers: 0 });
  return (
    <section aria-labelledby="drop-off-title" className="space-y-4">
      <h3 id="drop-off-title" className="text-xl font-semibold">
        Drop-off: {dropOff.title}
      </h3>
      <p className="text-sm text-muted">
        {formatCount(dropOff.viewers)} {dropOff.viewers === 1 ? 'viewer' : 'viewers'} in these days.{' '}
        {dropOff.viewers > 0 &&
          mostLeft.viewers > 0 &&
          `Most who stopped before the end stopped between ${mostLeft.percent}% and ${mostLeft.percent + 5}%.`}{' '}
        A viewer is still watching at a point when their playback reached it.
      </p>
      <figure className="space-y-2 rounded-2xl border border-border bg-surface p-4">
        <figcaption className="text-sm font-medium">
          Share of viewers still watching, and where they were last seen
        </figcaption>
        <DropOffChart dropOff={dropOff} />
        <Table caption={`Drop-off of ${dropOff.title}`}>
          <TableHead>
            <TableRow>
              <TableHeader>Point of the lesson</TableHeader>
              <TableHeader className="text-right">Still watching</TableHeader>
              <TableHeader className="text-right">Share</TableHeader>
              <TableHeader className="text-right">Last seen here</TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {dropOff.reach.map((point, i) => (
              <TableRow key={point.percent}>
                <TableHeader scope="row" className="font-normal">
                  {point.percent}%
                </TableHeader>
                <Num>{formatCount(point.viewers)}</Num>
                <Num>{formatShare(point.share)}</Num>
                <Num>{formatCount(dropOff.lastSeen[i]?.viewers ?? 0)}</Num>
              </TableRow>
            ))}
          </tbody>
        </Table>
        <p className="text-xs text-muted">
          Last seen at 100%: watched to the end. Elsewhere: last seen between that point and the next.
        </p>
      </figure>
      {dropOff.rewatched.length === 0 ? (
        <p className="text-sm text-muted">No part of this lesson has been watched twice in one session yet.</p>
      ) : (
        <Table caption="Most rewatched seconds (all time)" captionHidden={false}>
          <TableHead>
            <TableRow>
              <TableHeader>Second</TableHeader>
              <TableHeader className="text-right">Rewatches</TableHeader>
              <TableHeader className="text-right">Viewers</TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {dropOff.rewatched.map((r) => (
              <TableRow key={r.second}>
                <TableHeader scope="row" className="font-normal tabular-nums">
                  {formatSecond(r.second)}
                </TableHeader>
                <Num>{formatCount(r.rewatches)}</Num>
                <Num>{formatCount(r.views)}</Num>
              </TableRow>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
