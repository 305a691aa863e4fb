import type { StaffRole } from '@kaushal/contract';
import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { useConsole } from '../hooks/use-console';
import { holdsAny, ROLE_LABELS } from '../lib/roles';

/** A console section for some roles only: the others read which roles it is for (the API refuses them too). */
export function RoleGate({ roles, title, children }: { roles: StaffRole[]; title: string; children: ReactNode }) {
  const me = useConsole();
  if (holdsAny(me.roles, roles)) return children;
  const names = roles.map((role) => ROLE_LABELS[role].toLowerCase()).join(' and ');
  return (
    <section aria-labelledby="role-gate-title" className="space-y-3 py-6">
      <h2 id="role-gate-title" className="text-2xl font-bold">
        {title}
      </h2>
      <p className="text-muted">
        This section is for staff with the {names} role.{' '}
        <Link to="/admin/courses" className="text-accent underline underline-offset-4">
          Go to Courses
        </Link>
      </p>
    </section>
  );
}
