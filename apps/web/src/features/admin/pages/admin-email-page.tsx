import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { type EmailListQuery, type EmailStatus, useAdminEmails } from '../api/admin-emails';
import { ConsoleStatus } from '../components/console-status';
import { ErrorAlert } from '../components/error-alert';
import { Pager } from '../components/pager';
import { RoleGate } from '../components/role-gate';
import { StatusPill } from '../components/status-pill';
import { formatWhen } from '../lib/dates';
import { errorMessage } from '../lib/form-errors';
import { formatCount } from '../lib/numbers';
import { choiceParam, pageParam, withParams } from '../lib/search-params';

const STATUSES: Record<EmailStatus, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };
const TONE = { queued: 'accent', sent: 'success', failed: 'danger' } as const;

/** Email (admin, support): what the product sent or tried to send, with the last error of a failed one. */
export function AdminEmailPage() {
  usePageTitle('Console: Email');
  return (
    <RoleGate roles={['admin', 'support']} title="Email">
      <EmailList />
    </RoleGate>
  );
}

function EmailList() {
  const [params, setParams] = useSearchParams();
  const query: EmailListQuery = {
    status: choiceParam(params, 'status', Object.keys(STATUSES) as EmailStatus[]),
    page: pageParam(params),
  };
  const emails = useAdminEmails(query);
  const statusId = useId();

  return (
    <section aria-labelledby="email-title" className="space-y-5">
      <div className="space-y-1">
        <h2 id="email-title" className="text-2xl font-bold">
          Email
        </h2>
        <p className="text-sm text-muted">
          Outgoing email, newest first: receipts, welcomes, contact replies and reminders. Failed deliveries show their
          last error; the message bodies are not shown here.
        </p>
      </div>
      <div className="max-w-56 space-y-2">
        <Label htmlFor={statusId}>Status</Label>
        <Select
          id={statusId}
          value={query.status ?? ''}
          onChange={(e) => setParams(withParams(params, { status: e.target.value }))}
        >
          <option value="">All statuses</option>
          {Object.entries(STATUSES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      {emails.isError && !emails.data ? (
        <ErrorAlert onRetry={() => emails.refetch()}>{errorMessage(emails.error)}</ErrorAlert>
      ) : !emails.data ? (
        <ConsoleStatus>Loading email…</ConsoleStatus>
      ) : emails.data.items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-6 text-center text-muted">
          {query.status ? `No ${STATUSES[query.status].toLowerCase()} email.` : 'No email yet.'}
        </p>
      ) : (
        <div aria-busy={emails.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
          <Table caption="Outgoing email, newest first">
            <TableHead>
              <TableRow>
                <TableHeader>Created</TableHeader>
                <TableHeader>To</TableHeader>
                <TableHeader>Subject</TableHeader>
                <TableHeader>Kind</TableHeader>
                <TableHeader>Status</TableHeader>
                <TableHeader className="text-right">Attempts</TableHeader>
                <TableHeader>Sent or last error</TableHeader>
              </TableRow>
            </TableHead>
            <tbody>
              {emails.data.items.map((email) => (
                <TableRow key={email.id}>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={email.createdAt}>{formatWhen(email.createdAt)}</time>
                  </TableCell>
                  <TableCell className="break-all">{email.to}</TableCell>
                  <TableCell className="min-w-48">{email.subject}</TableCell>
                  <TableCell className="font-mono text-xs whitespace-nowrap">{email.kind}</TableCell>
                  <TableCell>
                    <StatusPill tone={TONE[email.status]}>{STATUSES[email.status]}</StatusPill>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(email.attempts)}</TableCell>
                  <TableCell className="min-w-48 break-words">
                    {email.status === 'failed' || (email.lastError && email.status === 'queued') ? (
                      <span className={email.status === 'failed' ? 'text-danger' : 'text-muted'}>
                        {email.lastError ?? 'No error recorded.'}
                      </span>
                    ) : email.sentAt ? (
                      <time dateTime={email.sentAt}>{formatWhen(email.sentAt)}</time>
                    ) : (
                      <span className="text-muted">Waiting to be sent</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
          <Pager
            page={emails.data.page}
            pages={emails.data.pages}
            total={emails.data.total}
            noun={['email', 'emails']}
            onPage={(page) => setParams(withParams(params, { page }))}
          />
        </div>
      )}
    </section>
  );
}
