import type { AdminLearner, AdminLearnerEnrollment } from '@kaushal/contract';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Link, useParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminLearner } from '../api/admin-learners';
import { ConsoleCard } from '../components/console-card';
import { ConsoleStatus } from '../components/console-status';
import { BackLink, DetailLoadError } from '../components/detail-page';
import { GrantAccessDialog } from '../components/grant-access-dialog';
import { LearnerOrdersTable } from '../components/learner-orders-table';
import { OutcomeNotice } from '../components/outcome-notice';
import { RevokeAccessDialog } from '../components/revoke-access-dialog';
import { RoleGate } from '../components/role-gate';
import { StatusPill } from '../components/status-pill';
import { formatWhen } from '../lib/dates';
import { accessLabel, CERTIFICATE_STATUSES, categoryLabel, enrollmentStatus, SOURCE_LABELS } from '../lib/learners';
import type { Outcome } from '../lib/refunds';
import { ROLE_LABELS } from '../lib/roles';

const linkClass = 'text-accent underline underline-offset-4 [.light_&]:text-[#00506a]';

/** One learner (support, admin): the account, enrollments with grant and revoke, progress, orders, certificates, messages. */
export function AdminLearnerPage() {
  const { id = '' } = useParams();
  usePageTitle('Console: Learner');
  return (
    <RoleGate roles={['admin', 'support']} title="Learner">
      <Learner id={id} />
    </RoleGate>
  );
}

function Learner({ id }: { id: string }) {
  const learner = useAdminLearner(id);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<AdminLearnerEnrollment | null>(null);
  const back = <BackLink to="/admin/learners">All learners</BackLink>;

  if (learner.isError && !learner.data) {
    return (
      <DetailLoadError
        titleId="learner-title"
        title="Learner"
        back={back}
        error={learner.error}
        retry={() => learner.refetch()}
      />
    );
  }
  if (!learner.data) return <ConsoleStatus>Loading the learner…</ConsoleStatus>;
  const detail = learner.data;

  return (
    <section aria-labelledby="learner-title" className="space-y-5">
      <div className="space-y-2">
        {back}
        <h2 id="learner-title" className="text-2xl font-bold break-words">
          {detail.name}
        </h2>
        <Account learner={detail} />
        <OutcomeNotice outcome={outcome} />
      </div>
      <ConsoleCard
        id="learner-enrollments-title"
        title="Enrollments"
        action={
          <Button variant="secondary" size="sm" onClick={() => setGranting(true)}>
            <Plus aria-hidden="true" />
            Grant access
          </Button>
        }
      >
        <Enrollments learner={detail} onRevoke={setRevoking} />
      </ConsoleCard>
      <ConsoleCard id="learner-progress-title" title="Progress">
        <Progress learner={detail} />
      </ConsoleCard>
      <ConsoleCard id="learner-orders-title" title="Orders">
        <LearnerOrdersTable orders={detail.orders} />
      </ConsoleCard>
      <div className="grid gap-5 lg:grid-cols-2">
        <ConsoleCard id="learner-certificates-title" title="Certificates">
          <Certificates learner={detail} />
        </ConsoleCard>
        <ConsoleCard id="learner-messages-title" title="Messages">
          <Messages learner={detail} />
        </ConsoleCard>
      </div>
      <GrantAccessDialog learner={detail} open={granting} onClose={() => setGranting(false)} onOutcome={setOutcome} />
      <RevokeAccessDialog
        learner={detail}
        enrollment={revoking}
        onClose={() => setRevoking(null)}
        onOutcome={setOutcome}
      />
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-3">
      <dt className="font-semibold text-muted">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Account({ learner }: { learner: AdminLearner }) {
  return (
    <dl className="space-y-2 rounded-2xl border border-border bg-surface p-4 text-sm sm:p-6">
      <Fact term="Email">
        <span className="break-all">{learner.email}</span>
      </Fact>
      <Fact term="Joined">
        <time dateTime={learner.joinedAt}>{formatWhen(learner.joinedAt)}</time>
      </Fact>
      <Fact term="Last sign-in">
        {learner.lastSignInAt ? (
          <time dateTime={learner.lastSignInAt}>{formatWhen(learner.lastSignInAt)}</time>
        ) : (
          'Never'
        )}
      </Fact>
      <Fact term="Staff roles">
        {learner.roles.length > 0 ? learner.roles.map((role) => ROLE_LABELS[role]).join(', ') : 'None (a learner)'}
      </Fact>
    </dl>
  );
}

const none = (text: string) => <p className="text-sm text-muted">{text}</p>;

function Enrollments({ learner, onRevoke }: { learner: AdminLearner; onRevoke: (e: AdminLearnerEnrollment) => void }) {
  if (learner.enrollments.length === 0) return none('Not enrolled in any course.');
  return (
    <Table caption="Enrollments, newest first">
      <TableHead>
        <TableRow>
          <TableHeader>Course</TableHeader>
          <TableHeader>Access</TableHeader>
          <TableHeader>How</TableHeader>
          <TableHeader>Status</TableHeader>
          <TableHeader>Enrolled</TableHeader>
          <TableHeader>
            <span className="sr-only">Actions</span>
          </TableHeader>
        </TableRow>
      </TableHead>
      <tbody>
        {learner.enrollments.map((enrollment) => {
          const status = enrollmentStatus(enrollment);
          return (
            <TableRow key={enrollment.courseId}>
              <TableCell className="min-w-48">
                <Link to={`/admin/courses/${encodeURIComponent(enrollment.courseId)}`} className={linkClass}>
                  {enrollment.courseTitle}
                </Link>
              </TableCell>
              <TableCell className="whitespace-nowrap">{accessLabel(enrollment)}</TableCell>
              <TableCell className="whitespace-nowrap">{SOURCE_LABELS[enrollment.source]}</TableCell>
              <TableCell>
                <StatusPill tone={status.tone}>{status.label}</StatusPill>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <time dateTime={enrollment.enrolledAt}>{formatWhen(enrollment.enrolledAt)}</time>
              </TableCell>
              <TableCell className="text-right">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onRevoke(enrollment)}
                  aria-label={`Revoke access to ${enrollment.courseTitle}`}
                >
                  Revoke
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </tbody>
    </Table>
  );
}

function Progress({ learner }: { learner: AdminLearner }) {
  if (learner.progress.length === 0) return none('Has not started any course.');
  return (
    <Table caption="Progress per course">
      <TableHead>
        <TableRow>
          <TableHeader>Course</TableHeader>
          <TableHeader className="text-right">Lessons completed</TableHeader>
          <TableHeader className="text-right">Watched</TableHeader>
          <TableHeader>Last activity</TableHeader>
        </TableRow>
      </TableHead>
      <tbody>
        {learner.progress.map((course) => (
          <TableRow key={course.courseId}>
            <TableCell className="min-w-48">{course.courseTitle}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {course.lessonsCompleted} of {course.lessonsTotal}
            </TableCell>
            <TableCell className="min-w-32">
              <div className="flex items-center justify-end gap-2">
                <div className="h-1.5 w-16 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
                  <div className="h-full rounded-full bg-accent" style={{ width: `${course.watchedPercent}%` }} />
                </div>
                <span className="tabular-nums">{course.watchedPercent}%</span>
              </div>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {course.lastActivityAt ? (
                <time dateTime={course.lastActivityAt}>{formatWhen(course.lastActivityAt)}</time>
              ) : (
                <span className="text-muted">Nothing watched</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}

function Certificates({ learner }: { learner: AdminLearner }) {
  if (learner.certificates.length === 0) return none('No certificates.');
  return (
    <ul className="space-y-3 text-sm">
      {learner.certificates.map((certificate) => {
        const status = CERTIFICATE_STATUSES[certificate.status];
        return (
          <li key={certificate.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <span className="min-w-0">
              <Link to={`/certificates/${encodeURIComponent(certificate.id)}`} className={linkClass}>
                {certificate.courseTitle}
              </Link>
              <span className="block text-xs text-muted">
                <span className="font-mono">{certificate.id}</span> ·{' '}
                <time dateTime={certificate.issuedAt}>{formatWhen(certificate.issuedAt)}</time>
              </span>
            </span>
            <StatusPill tone={status.tone}>{status.label}</StatusPill>
          </li>
        );
      })}
    </ul>
  );
}

function Messages({ learner }: { learner: AdminLearner }) {
  if (learner.messages.length === 0) return none('No messages through the contact form.');
  return (
    <ul className="space-y-3 text-sm">
      {learner.messages.map((message) => (
        <li key={message.ticketId} className="min-w-0">
          <span className="block break-words font-medium">{message.subject}</span>
          <span className="block text-xs text-muted">
            <Link to={`/admin/inbox/${encodeURIComponent(message.ticketId)}`} className={`font-mono ${linkClass}`}>
              {message.ticketId}
            </Link>{' '}
            · {categoryLabel(message.category)} ·{' '}
            <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}
