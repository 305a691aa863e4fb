import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { Link, Navigate, NavLink, Outlet } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { adminMeQuery } from '../api/admin-me';
import { useSignInRedirect } from '../hooks/use-sign-in-redirect';
import { errorMessage } from '../lib/form-errors';
import { CONSOLE_SECTIONS, holdsAny, isStaff, ROLE_LABELS } from '../lib/roles';
import { ConsoleStatus } from './console-status';
import { ErrorAlert } from './error-alert';

const backLink = (
  <Button asChild variant="secondary" size="sm">
    <Link to="/">
      <ArrowLeft aria-hidden="true" />
      Back to the site
    </Link>
  </Button>
);

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap hover:bg-surface-2',
    isActive ? 'bg-accent/15 text-accent [.light_&]:text-[#00506a]' : 'text-fg',
  );

/**
 * The staff console's frame (/admin, loaded only when visited): the heading, the sections this member of
 * staff may open, and Back to the site. Signed-out visitors go through the usual sign-in gate; a signed-in
 * learner without a staff role is told plainly that the console is not for them. The roles come from
 * GET /admin/me, asked afresh here, not from the session cached by the site.
 */
export function ConsoleLayout() {
  const session = useSignInRedirect();
  const signedIn = session.status === 'authenticated';
  const me = useQuery({ ...adminMeQuery(), enabled: signedIn });

  if (!signedIn) {
    return (
      <ConsoleStatus>
        {session.status === 'anonymous' ? 'Redirecting to sign in…' : 'Loading your account…'}
      </ConsoleStatus>
    );
  }
  if (me.isPending) return <ConsoleStatus>Loading the console…</ConsoleStatus>;
  if (me.isError) {
    return (
      <ConsoleFrame>
        <ErrorAlert onRetry={() => me.refetch()}>{errorMessage(me.error)}</ErrorAlert>
      </ConsoleFrame>
    );
  }
  if (!isStaff(me.data.roles)) return <NotStaff email={session.user.email} />;

  const roles = me.data.roles;
  return (
    <ConsoleFrame
      subtitle={
        <>
          {session.user.name} · {roles.map((role) => ROLE_LABELS[role]).join(', ')}
        </>
      }
    >
      <nav aria-label="Console" className="-mx-1 mb-6 overflow-x-auto border-b border-border pb-3">
        <ul className="flex flex-wrap gap-1 px-1">
          {CONSOLE_SECTIONS.filter((section) => holdsAny(roles, section.roles)).map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} className={navClass}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet context={me.data} />
    </ConsoleFrame>
  );
}

function ConsoleFrame({ subtitle, children }: { subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 md:px-6">
      <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold md:text-3xl">Staff console</h1>
          {subtitle && <p className="truncate text-sm text-muted">{subtitle}</p>}
        </div>
        {backLink}
      </header>
      {children}
    </div>
  );
}

/** A signed-in learner who opened /admin: what the console is, and why they cannot use it. */
function NotStaff({ email }: { email: string }) {
  usePageTitle('Staff console');
  return (
    <ConsoleFrame>
      <section
        aria-labelledby="not-staff-title"
        className="mx-auto mt-6 max-w-2xl space-y-4 rounded-2xl border border-border bg-surface p-6"
      >
        <div className="flex items-center gap-3">
          <ShieldAlert className="size-6 shrink-0 text-danger" aria-hidden="true" />
          <h2 id="not-staff-title" className="text-xl font-semibold">
            This console is for staff only
          </h2>
        </div>
        <p>
          You are signed in as <span className="font-semibold break-all">{email}</span>, which has no staff role
          (instructor, support or admin).
        </p>
        <p className="text-muted">
          If you work on the academy's courses or support, ask an admin to give your account a role. Your courses and
          progress are on your dashboard.
        </p>
        <Button asChild size="sm">
          <Link to="/dashboard">Go to your dashboard</Link>
        </Button>
      </section>
    </ConsoleFrame>
  );
}

/** /admin itself opens the course list. */
export function ConsoleHome() {
  return <Navigate to="/admin/courses" replace />;
}
