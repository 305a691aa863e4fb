import type { AdminUser, StaffRole } from '@kaushal/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { useSetUserRoles } from '../api/set-user-roles';
import { errorMessage } from '../lib/form-errors';
import { ROLE_LABELS, ROLES } from '../lib/roles';

const sameRoles = (a: readonly StaffRole[], b: readonly StaffRole[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/**
 * One user on People and roles: a checkbox per staff role, saved together with the row's Save (PUT roles). An
 * admin's own Admin box is disabled, with the reason beside it: the API refuses it too.
 */
export function UserRolesRow({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const [draft, setDraft] = useState<StaffRole[]>(user.roles);
  const [shown, setShown] = useState(user.roles);
  const [status, setStatus] = useState('');
  const save = useSetUserRoles();
  const ids = useId();
  // The list was read again (after a save here or elsewhere): start from the roles the user holds now.
  if (!sameRoles(shown, user.roles)) {
    setShown(user.roles);
    setDraft(user.roles);
  }
  const changed = !sameRoles(draft, user.roles);
  const who = user.name || user.email;

  const toggle = (role: StaffRole, on: boolean) => {
    setStatus('');
    save.reset();
    setDraft((roles) => (on ? ROLES.filter((r) => r === role || roles.includes(r)) : roles.filter((r) => r !== role)));
  };

  const onSave = () =>
    save.mutate(
      { userId: user.id, roles: draft },
      {
        onSuccess: (saved) =>
          setStatus(
            `Saved: ${saved.roles.length ? saved.roles.map((r) => ROLE_LABELS[r]).join(', ') : 'no staff role'}.`,
          ),
      },
    );

  return (
    <TableRow>
      <TableCell className="min-w-48">
        <span className="font-semibold">{user.name}</span>
        <span className="block break-all text-xs text-muted">{user.email}</span>
      </TableCell>
      {ROLES.map((role) => {
        const ownAdmin = isSelf && role === 'admin' && user.roles.includes('admin');
        const id = `${ids}-${role}`;
        return (
          <TableCell key={role} className="text-center">
            <input
              id={id}
              type="checkbox"
              className="size-5 accent-accent disabled:opacity-60"
              checked={draft.includes(role)}
              onChange={(e) => toggle(role, e.target.checked)}
              disabled={ownAdmin || save.isPending}
              aria-describedby={ownAdmin ? `${ids}-own-admin` : undefined}
            />
            <label htmlFor={id} className="sr-only">
              {ROLE_LABELS[role]} role for {who}
            </label>
            {ownAdmin && (
              <span id={`${ids}-own-admin`} className="mt-1 block max-w-32 text-xs text-muted">
                Your own admin role: only another admin can remove it.
              </span>
            )}
          </TableCell>
        );
      })}
      <TableCell className="min-w-40">
        <Button
          size="sm"
          variant={changed ? 'primary' : 'secondary'}
          onClick={onSave}
          disabled={!changed || save.isPending}
        >
          {save.isPending ? 'Saving…' : 'Save'}
          <span className="sr-only"> roles for {who}</span>
        </Button>
        <p role="status" className="mt-1 text-xs text-muted">
          {status}
        </p>
        {save.isError && (
          <p role="alert" className="mt-1 text-xs text-danger">
            {errorMessage(save.error)}
          </p>
        )}
      </TableCell>
    </TableRow>
  );
}
