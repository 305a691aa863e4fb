import { Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Link, useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminLearners } from '../api/admin-learners';
import { ConsoleStatus } from '../components/console-status';
import { ErrorAlert } from '../components/error-alert';
import { RoleGate } from '../components/role-gate';
import { formatWhen } from '../lib/dates';
import { errorMessage } from '../lib/form-errors';
import { withParams } from '../lib/search-params';

const linkClass = 'text-accent underline underline-offset-4 [.light_&]:text-[#00506a]';

/** Learners (support, admin): find a learner by part of their name or email, and open their page. */
export function AdminLearnersPage() {
  usePageTitle('Console: Learners');
  return (
    <RoleGate roles={['admin', 'support']} title="Learners">
      <Learners />
    </RoleGate>
  );
}

function Learners() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const learners = useAdminLearners(q);
  const searchId = useId();
  const items = learners.data?.pages.flatMap((page) => page.items) ?? [];

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    setParams(withParams(params, { q: typeof text === 'string' ? text.trim() : undefined }));
  };

  return (
    <section aria-labelledby="learners-title" className="space-y-5">
      <div className="space-y-1">
        <h2 id="learners-title" className="text-2xl font-bold">
          Learners
        </h2>
        <p className="text-sm text-muted">
          Newest sign-ups first. Open a learner for their courses, progress, orders, certificates and messages, or to
          grant or revoke access to a course.
        </p>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: the same landmark as <search>, which the tests' DOM (happy-dom) does not know, so React warns there. */}
      <form role="search" aria-label="Learners" onSubmit={onSearch} className="flex max-w-xl items-end gap-2">
        <div className="min-w-0 flex-1 space-y-2">
          <Label htmlFor={searchId}>Search by name or email</Label>
          <Input
            id={searchId}
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" />
          Search
        </Button>
      </form>
      {learners.isError && !learners.data ? (
        <ErrorAlert onRetry={() => learners.refetch()}>{errorMessage(learners.error)}</ErrorAlert>
      ) : !learners.data ? (
        <ConsoleStatus>Loading learners…</ConsoleStatus>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-6 text-center text-muted">
          {q ? `No learner's name or email contains "${q}".` : 'No learners yet.'}
        </p>
      ) : (
        <div className="space-y-4">
          <Table caption={q ? `Learners whose name or email contains "${q}", newest first` : 'Learners, newest first'}>
            <TableHead>
              <TableRow>
                <TableHeader>Name</TableHeader>
                <TableHeader>Email</TableHeader>
                <TableHeader>Joined</TableHeader>
              </TableRow>
            </TableHead>
            <tbody>
              {items.map((learner) => (
                <TableRow key={learner.id}>
                  <TableCell className="min-w-40">
                    <Link to={`/admin/learners/${learner.id}`} className={linkClass}>
                      {learner.name}
                    </Link>
                  </TableCell>
                  <TableCell className="min-w-48 break-all">{learner.email}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={learner.joinedAt}>{formatWhen(learner.joinedAt)}</time>
                  </TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" aria-live="polite">
              {learners.hasNextPage
                ? `Showing the newest ${items.length} learners`
                : `${items.length} ${items.length === 1 ? 'learner' : 'learners'}, all shown`}
            </p>
            {learners.hasNextPage && (
              <Button
                variant="secondary"
                onClick={() => learners.fetchNextPage()}
                disabled={learners.isFetchingNextPage}
              >
                {learners.isFetchingNextPage ? 'Loading more learners…' : 'Load more learners'}
              </Button>
            )}
          </div>
          {learners.isFetchNextPageError && (
            <ErrorAlert onRetry={() => learners.fetchNextPage()}>{errorMessage(learners.error)}</ErrorAlert>
          )}
        </div>
      )}
    </section>
  );
}
