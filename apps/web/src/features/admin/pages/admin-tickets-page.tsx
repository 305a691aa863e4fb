import type { AdminTicketSummary, TicketStaff } from '@kaushal/contract';
import type { ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Link, useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminTickets } from '../api/admin-tickets';
import { ConsoleStatus } from '../components/console-status';
import { ErrorAlert } from '../components/error-alert';
import { RoleGate } from '../components/role-gate';
import { StatusPill } from '../components/status-pill';
import { TicketTarget } from '../components/ticket-target';
import { formatWhen } from '../lib/dates';
import { errorMessage } from '../lib/form-errors';
import { categoryLabel } from '../lib/learners';
import { formatCount } from '../lib/numbers';
import { withParams } from '../lib/search-params';
import {
  CATEGORY_CHOICES,
  SORT_LABELS,
  TICKET_STATUS_CHOICES,
  TICKET_STATUSES,
  type TicketFilters,
  ticketFiltersFromParams,
  ticketFiltersToParams,
} from '../lib/tickets';

const linkClass = 'text-accent underline underline-offset-4 [.light_&]:text-[#00506a]';

/**
 * The support inbox (support, admin): contact messages as tickets, open ones first by default; filter by
 * status, assignee and category, newest or most urgent first, page through them ("Load more"), open one.
 */
export function AdminTicketsPage() {
  usePageTitle('Console: Support inbox');
  return (
    <RoleGate roles={['admin', 'support']} title="Support inbox">
      <Inbox />
    </RoleGate>
  );
}

function Inbox() {
  const [params, setParams] = useSearchParams();
  const filters = ticketFiltersFromParams(params);
  const tickets = useAdminTickets(filters);
  const apply = (next: TicketFilters) => setParams(withParams(params, ticketFiltersToParams(next)));
  const staff = tickets.data?.pages[0]?.assignees ?? [];

  return (
    <section aria-labelledby="inbox-title" className="space-y-5">
      <div className="space-y-1">
        <h2 id="inbox-title" className="text-2xl font-bold">
          Support inbox
        </h2>
        <p className="text-sm text-muted">
          Messages from the contact form. Answer critical technical issues within 2 hours, general requests within 24
          hours and business enquiries within 48 hours.
        </p>
      </div>
      <Filters filters={filters} staff={staff} onApply={apply} />
      <Results tickets={tickets} />
    </section>
  );
}

function Filters({
  filters,
  staff,
  onApply,
}: {
  filters: TicketFilters;
  staff: readonly TicketStaff[];
  onApply: (next: TicketFilters) => void;
}) {
  const choose =
    <K extends keyof TicketFilters>(key: K) =>
    (event: ChangeEvent<HTMLSelectElement>) =>
      onApply({ ...filters, [key]: event.target.value || undefined });
  // A colleague chosen in the URL stays shown while the list of staff loads.
  const assigneeMissing =
    filters.assignee && !['me', 'none'].includes(filters.assignee) && !staff.some((s) => s.id === filters.assignee);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the same landmark as <search>, which the tests' DOM (happy-dom) does not know.
    <form
      role="search"
      aria-label="Tickets"
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-4 rounded-2xl border border-border bg-surface p-4 sm:grid-cols-2 sm:p-6 lg:grid-cols-4"
    >
      <Field label="Status">
        {(control) => (
          <Select {...control} value={filters.status ?? ''} onChange={choose('status')}>
            <option value="">Any status</option>
            {TICKET_STATUS_CHOICES.map((status) => (
              <option key={status} value={status}>
                {TICKET_STATUSES[status].label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Assignee">
        {(control) => (
          <Select {...control} value={filters.assignee ?? ''} onChange={choose('assignee')}>
            <option value="">Anyone</option>
            <option value="me">Assigned to me</option>
            <option value="none">Unassigned</option>
            {assigneeMissing && <option value={filters.assignee}>A colleague</option>}
            {staff.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Category">
        {(control) => (
          <Select {...control} value={filters.category ?? ''} onChange={choose('category')}>
            <option value="">Any category</option>
            {CATEGORY_CHOICES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Order">
        {(control) => (
          <Select
            {...control}
            value={filters.sort}
            onChange={(event) => onApply({ ...filters, sort: event.target.value === 'urgent' ? 'urgent' : 'newest' })}
          >
            <option value="newest">{SORT_LABELS.newest}</option>
            <option value="urgent">{SORT_LABELS.urgent}</option>
          </Select>
        )}
      </Field>
    </form>
  );
}

function Results({ tickets }: { tickets: ReturnType<typeof useAdminTickets> }) {
  if (tickets.isError && !tickets.data) {
    return <ErrorAlert onRetry={() => tickets.refetch()}>{errorMessage(tickets.error)}</ErrorAlert>;
  }
  if (!tickets.data) return <ConsoleStatus>Loading tickets…</ConsoleStatus>;
  const list = tickets.data.pages.flatMap((page) => page.tickets);
  if (list.length === 0) {
    return (
      <p className="rounded-xl border border-border bg-surface p-6 text-center text-muted">
        No tickets match these filters.
      </p>
    );
  }
  return (
    <div aria-busy={tickets.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
      <Table caption="Tickets matching the filters">
        <TableHead>
          <TableRow>
            <TableHeader>Ticket</TableHeader>
            <TableHeader>From</TableHeader>
            <TableHeader>Category</TableHeader>
            <TableHeader>Status</TableHeader>
            <TableHeader>Assignee</TableHeader>
            <TableHeader>Response target</TableHeader>
            <TableHeader>Opened</TableHeader>
          </TableRow>
        </TableHead>
        <tbody>
          {list.map((ticket) => (
            <TicketRow key={ticket.ticketId} ticket={ticket} />
          ))}
        </tbody>
      </Table>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {tickets.hasNextPage
            ? `Showing the first ${formatCount(list.length)} tickets`
            : `${formatCount(list.length)} ${list.length === 1 ? 'ticket' : 'tickets'}, all shown`}
        </p>
        {tickets.hasNextPage && (
          <Button variant="secondary" onClick={() => tickets.fetchNextPage()} disabled={tickets.isFetchingNextPage}>
            {tickets.isFetchingNextPage ? 'Loading more tickets…' : 'Load more tickets'}
          </Button>
        )}
      </div>
      {tickets.isFetchNextPageError && (
        <ErrorAlert className="mt-4" onRetry={() => tickets.fetchNextPage()}>
          {errorMessage(tickets.error)}
        </ErrorAlert>
      )}
    </div>
  );
}

function TicketRow({ ticket }: { ticket: AdminTicketSummary }) {
  const status = TICKET_STATUSES[ticket.status];
  return (
    <TableRow>
      <TableCell className="min-w-56">
        <Link to={`/admin/inbox/${encodeURIComponent(ticket.ticketId)}`} className={`break-words ${linkClass}`}>
          {ticket.subject}
        </Link>
        <span className="block font-mono text-xs text-muted">{ticket.ticketId}</span>
      </TableCell>
      <TableCell className="min-w-48">
        {ticket.name}
        <span className="block text-xs break-all text-muted">{ticket.email}</span>
      </TableCell>
      <TableCell className="min-w-36">
        {categoryLabel(ticket.category)}
        {ticket.priority === 'critical' && <span className="block text-xs font-semibold text-danger">Critical</span>}
      </TableCell>
      <TableCell>
        <StatusPill tone={status.tone}>{status.label}</StatusPill>
      </TableCell>
      <TableCell className="min-w-32">
        {ticket.assignee ? ticket.assignee.name : <span className="text-muted">Unassigned</span>}
      </TableCell>
      <TableCell className="min-w-40">
        <TicketTarget target={ticket.target} status={ticket.status} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={ticket.createdAt}>{formatWhen(ticket.createdAt)}</time>
      </TableCell>
    </TableRow>
  );
}
