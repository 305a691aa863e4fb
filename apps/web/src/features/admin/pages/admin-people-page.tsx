import { Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useSearchParams } from '@/lib/router';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminUsers } from '../api/admin-users';
import { ConsoleStatus } from '../components/console-status';
import { ErrorAlert } from '../components/error-alert';
import { Pager } from '../components/pager';
import { RoleGate } from '../components/role-gate';
import { UserRolesRow } from '../components/user-roles-row';
import { errorMessage } from '../lib/form-errors';
import { ROLE_LABELS, ROLES } from '../lib/roles';
import { pageParam, withParams } from '../lib/search-params';

/** People and roles (admin): find users by name or email and set their staff roles. */
export function AdminPeoplePage() {
  usePageTitle('Console: People and roles');
  return (
    <RoleGate roles={['admin']} title="People and roles">
      <PeopleAndRoles />
    </RoleGate>
  );
}

function PeopleAndRoles() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? undefined;
  const users = useAdminUsers({ q, page: pageParam(params) });
  const self = useSession().user?.id;
  const searchId = useId();

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    setParams(withParams(params, { q: typeof text === 'string' ? text.trim() : undefined }));
  };

  return (
    <section aria-labelledby="people-title" className="space-y-5">
      <div className="space-y-1">
        <h2 id="people-title" className="text-2xl font-bold">
          People and roles
        </h2>
        <p className="text-sm text-muted">
          Instructors edit the courses they are given, support reads learners, orders and email, admins do everything.
          Every change is in the audit log.
        </p>
      </div>
      <search>
        <form onSubmit={onSearch} className="flex max-w-xl items-end gap-2">
          <div className="min-w-0 flex-1 space-y-2">
            <Label htmlFor={searchId}>Search by name or email</Label>
            <Input id={searchId} name="q" type="search" defaultValue={q ?? ''} key={q ?? ''} maxLength={100} />
          </div>
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" />
            Search
          </Button>
        </form>
      </search>
      {users.isError && !users.data ? (
        <ErrorAlert onRetry={() => users.refetch()}>{errorMessage(users.error)}</ErrorAlert>
      ) : !users.data ? (
        <ConsoleStatus>Loading people…</ConsoleStatus>
      ) : users.data.items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-6 text-center text-muted">
          {q ? `No user's name or email contains "${q}".` : 'No users yet.'}
        </p>
      ) : (
        <div aria-busy={users.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
          <Table caption="Users and their staff roles">
            <TableHead>
              <TableRow>
                <TableHeader>User</TableHeader>
                {ROLES.map((role) => (
                  <TableHeader key={role} className="text-center">
                    {ROLE_LABELS[role]}
                  </TableHeader>
                ))}
                <TableHeader>
                  <span className="sr-only">Save</span>
                </TableHeader>
              </TableRow>
            </TableHead>
            <tbody>
              {users.data.items.map((user) => (
                <UserRolesRow key={user.id} user={user} isSelf={user.id === self} />
              ))}
            </tbody>
          </Table>
          <Pager
            page={users.data.page}
            pages={users.data.pages}
            total={users.data.total}
            noun={['user', 'users']}
            onPage={(page) => setParams(withParams(params, { page }))}
          />
        </div>
      )}
    </section>
  );
}
