import {
  type AdminTicket,
  type ContactCategory,
  TICKET_TEXT_LIMIT,
  type TicketEntry,
  type TicketPriority,
  type TicketStatus,
} from '@kaushal/contract';
import { Send, StickyNote } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { Link, useParams } from '@/lib/router';
import { useSignedInUser } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminLearner } from '../api/admin-learners';
import { useAddTicketNote, useAdminTicket, useReplyToTicket, useUpdateTicket } from '../api/admin-tickets';
import { ConsoleCard } from '../components/console-card';
import { ConsoleStatus } from '../components/console-status';
import { BackLink, DetailLoadError } from '../components/detail-page';
import { ErrorAlert } from '../components/error-alert';
import { LearnerOrdersTable } from '../components/learner-orders-table';
import { OutcomeNotice } from '../components/outcome-notice';
import { RoleGate } from '../components/role-gate';
import { StatusPill } from '../components/status-pill';
import { TicketTarget } from '../components/ticket-target';
import { useTextForm } from '../hooks/use-text-form';
import { formatWhen } from '../lib/dates';
import { errorMessage } from '../lib/form-errors';
import { categoryLabel } from '../lib/learners';
import type { Outcome } from '../lib/refunds';
import {
  CATEGORY_CHOICES,
  PRIORITY_CHOICES,
  PRIORITY_LABELS,
  TICKET_STATUS_CHOICES,
  TICKET_STATUSES,
} from '../lib/tickets';

const linkClass = 'text-accent underline underline-offset-4 [.light_&]:text-[#00506a]';

/** One ticket (support, admin): the thread, reply by email, internal notes, status and assignee, the learner. */
export function AdminTicketPage() {
  const { ticketId = '' } = useParams();
  usePageTitle('Console: Ticket');
  return (
    <RoleGate roles={['admin', 'support']} title="Ticket">
      <Ticket ticketId={ticketId} />
    </RoleGate>
  );
}

function Ticket({ ticketId }: { ticketId: string }) {
  const ticket = useAdminTicket(ticketId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Kept here: a refused change reloads the ticket, which remounts the form at the new version.
  const [manageError, setManageError] = useState<string | null>(null);
  const back = <BackLink to="/admin/inbox">Support inbox</BackLink>;
  if (ticket.isError && !ticket.data) {
    return (
      <DetailLoadError
        titleId="ticket-title"
        title="Ticket"
        back={back}
        error={ticket.error}
        retry={() => ticket.refetch()}
      />
    );
  }
  if (!ticket.data) return <ConsoleStatus>Loading the ticket…</ConsoleStatus>;
  const detail = ticket.data;
  const done = (text: string) => setOutcome({ kind: 'done', text });

  return (
    <section aria-labelledby="ticket-title" className="space-y-5">
      <div className="space-y-2">
        {back}
        <h2 id="ticket-title" className="text-2xl font-bold break-words">
          {detail.subject}
        </h2>
        <Facts ticket={detail} />
        <OutcomeNotice outcome={outcome} />
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-5">
          <ConsoleCard id="ticket-thread-title" title="Conversation">
            <Thread entries={detail.entries} />
          </ConsoleCard>
          <ConsoleCard id="ticket-reply-title" title="Reply to the learner">
            <ReplyForm ticket={detail} onDone={done} />
          </ConsoleCard>
          <ConsoleCard id="ticket-note-title" title="Internal note">
            <NoteForm ticket={detail} onDone={done} />
          </ConsoleCard>
        </div>
        <div className="min-w-0 space-y-5">
          <ConsoleCard id="ticket-manage-title" title="Ticket">
            <ManageForm
              key={detail.version}
              ticket={detail}
              error={manageError}
              onError={setManageError}
              onDone={(text) => {
                setManageError(null);
                done(text);
              }}
            />
          </ConsoleCard>
          <ConsoleCard id="ticket-learner-title" title="Learner">
            <LearnerSide ticket={detail} />
          </ConsoleCard>
        </div>
      </div>
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

function Facts({ ticket }: { ticket: AdminTicket }) {
  const status = TICKET_STATUSES[ticket.status];
  return (
    <dl className="space-y-2 rounded-2xl border border-border bg-surface p-4 text-sm sm:p-6">
      <Fact term="Ticket">
        <span className="font-mono">{ticket.ticketId}</span>
      </Fact>
      <Fact term="From">
        {ticket.name} <span className="break-all text-muted">&lt;{ticket.email}&gt;</span>
        {ticket.phone && <span className="block text-muted">{ticket.phone}</span>}
      </Fact>
      <Fact term="Status">
        <StatusPill tone={status.tone}>{status.label}</StatusPill>
      </Fact>
      <Fact term="Response target">
        <TicketTarget target={ticket.target} status={ticket.status} />
        {ticket.target.dueAt && (
          <span className="block text-xs text-muted">
            Due <time dateTime={ticket.target.dueAt}>{formatWhen(ticket.target.dueAt)}</time>
          </span>
        )}
      </Fact>
      <Fact term="First response">
        {ticket.firstResponseAt ? (
          <time dateTime={ticket.firstResponseAt}>{formatWhen(ticket.firstResponseAt)}</time>
        ) : (
          'Not answered yet'
        )}
      </Fact>
      <Fact term="Opened">
        <time dateTime={ticket.createdAt}>{formatWhen(ticket.createdAt)}</time>
      </Fact>
    </dl>
  );
}

const ENTRY_HEADINGS: Record<TicketEntry['kind'], (name: string) => string> = {
  message: (name) => `${name} wrote`,
  reply: (name) => `${name} replied (emailed)`,
  note: (name) => `Internal note by ${name}`,
};

function Thread({ entries }: { entries: readonly TicketEntry[] }) {
  return (
    <ol className="space-y-4">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={
            entry.kind === 'note'
              ? 'rounded-xl border border-dashed border-border bg-surface-2 p-4'
              : entry.kind === 'reply'
                ? 'rounded-xl border border-accent/40 p-4'
                : 'rounded-xl border border-border p-4'
          }
        >
          <article aria-label={ENTRY_HEADINGS[entry.kind](entry.authorName)}>
            <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
              <h4 className="font-semibold">{ENTRY_HEADINGS[entry.kind](entry.authorName)}</h4>
              <time dateTime={entry.createdAt} className="text-xs text-muted">
                {formatWhen(entry.createdAt)}
              </time>
            </header>
            {entry.kind === 'message' && entry.subject && (
              <p className="mb-1 text-sm text-muted break-words">Subject: {entry.subject}</p>
            )}
            <p className="text-sm whitespace-pre-wrap break-words">{entry.body}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}

function ReplyForm({ ticket, onDone }: { ticket: AdminTicket; onDone: (text: string) => void }) {
  const {
    form,
    text: message,
    setText: setMessage,
    errors,
    submit,
    refused,
  } = useTextForm('message', 'Write the reply.');
  const [status, setStatus] = useState<TicketStatus>('waiting');
  const reply = useReplyToTicket(ticket.ticketId);

  const onSubmit = (event: FormEvent) =>
    submit(event, (text) =>
      reply.mutate(
        { message: text, status },
        {
          onSuccess: (updated) => {
            setMessage('');
            setStatus('waiting');
            onDone(
              `Reply emailed to ${updated.email}. The ticket is ${TICKET_STATUSES[updated.status].label.toLowerCase()}.`,
            );
          },
          onError: refused,
        },
      ),
    );

  return (
    <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate>
      <Field
        label="Reply"
        required
        hint={`Emailed to ${ticket.email} with the ticket id ${ticket.ticketId}; the email asks them to answer through the contact form, quoting it.`}
        error={errors.fields.message}
        limit={TICKET_TEXT_LIMIT}
        count={message.length}
      >
        {(control) => <Textarea {...control} rows={6} value={message} onChange={(e) => setMessage(e.target.value)} />}
      </Field>
      <Field label="Status after the reply">
        {(control) => (
          <Select
            {...control}
            className="max-w-64"
            value={status}
            onChange={(e) => setStatus(TICKET_STATUS_CHOICES.find((s) => s === e.target.value) ?? 'waiting')}
          >
            {TICKET_STATUS_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {TICKET_STATUSES[choice].label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {errors.form && <ErrorAlert>{errors.form}</ErrorAlert>}
      <div>
        <Button type="submit" disabled={reply.isPending}>
          <Send aria-hidden="true" />
          {reply.isPending ? 'Sending…' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}

function NoteForm({ ticket, onDone }: { ticket: AdminTicket; onDone: (text: string) => void }) {
  const { form, text: note, setText: setNote, errors, submit, refused } = useTextForm('note', 'Write the note.');
  const add = useAddTicketNote(ticket.ticketId);

  const onSubmit = (event: FormEvent) =>
    submit(event, (text) =>
      add.mutate(
        { note: text },
        {
          onSuccess: () => {
            setNote('');
            onDone('Note added. Only staff see it.');
          },
          onError: refused,
        },
      ),
    );

  return (
    <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate>
      <Field
        label="Note"
        required
        hint="For staff only: never emailed to the learner."
        error={errors.fields.note}
        limit={TICKET_TEXT_LIMIT}
        count={note.length}
      >
        {(control) => <Textarea {...control} rows={3} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      {errors.form && <ErrorAlert>{errors.form}</ErrorAlert>}
      <div>
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          <StickyNote aria-hidden="true" />
          Add note
        </Button>
      </div>
    </form>
  );
}

/**
 * Status, assignee, category and priority, saved together at the version shown. A ticket changed meanwhile (a
 * learner's follow-up, a colleague) is refused: the page shows it as it is now, and staff decide again.
 */
function ManageForm({
  ticket,
  error,
  onError,
  onDone,
}: {
  ticket: AdminTicket;
  error: string | null;
  onError: (error: string | null) => void;
  onDone: (text: string) => void;
}) {
  const me = useSignedInUser();
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const [assigneeId, setAssigneeId] = useState(ticket.assignee?.id ?? '');
  const [category, setCategory] = useState<ContactCategory>(ticket.category);
  const [priority, setPriority] = useState<TicketPriority>(ticket.priority);
  const update = useUpdateTicket(ticket.ticketId);
  const canTakeIt = ticket.assignee?.id !== me.id && ticket.assignees.some((person) => person.id === me.id);

  const save = (
    body: { status?: TicketStatus; assigneeId?: string | null; category?: ContactCategory; priority?: TicketPriority },
    text: string,
  ) => {
    onError(null);
    update.mutate(
      { version: ticket.version, ...body },
      {
        onSuccess: () => onDone(text),
        onError: (failed) =>
          onError(
            failed instanceof ApiError && failed.code === 'stale_version'
              ? 'This ticket changed since you opened it (a message, a reply or another change). It now shows as it is: check it, then save again.'
              : errorMessage(failed),
          ),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save({ status, assigneeId: assigneeId || null, category, priority }, 'Ticket saved.');
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <Field label="Status">
        {(control) => (
          <Select
            {...control}
            value={status}
            onChange={(e) => setStatus(TICKET_STATUS_CHOICES.find((s) => s === e.target.value) ?? ticket.status)}
          >
            {TICKET_STATUS_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {TICKET_STATUSES[choice].label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Assignee">
        {(control) => (
          <Select {...control} value={assigneeId} onChange={(e) => setAssigneeId(e.target.value)}>
            <option value="">Unassigned</option>
            {ticket.assignee && !ticket.assignees.some((p) => p.id === ticket.assignee?.id) && (
              <option value={ticket.assignee.id}>{ticket.assignee.name}</option>
            )}
            {ticket.assignees.map((person) => (
              <option key={person.id} value={person.id}>
                {person.id === me.id ? `${person.name} (you)` : person.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Category" hint="The learner's choice; change it if it fits another.">
        {(control) => (
          <Select
            {...control}
            value={category}
            onChange={(e) => setCategory(CATEGORY_CHOICES.find((c) => c === e.target.value) ?? ticket.category)}
          >
            {CATEGORY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {categoryLabel(choice)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Priority" hint="Critical: answered within 2 hours. Technical messages start critical.">
        {(control) => (
          <Select
            {...control}
            value={priority}
            onChange={(e) => setPriority(PRIORITY_CHOICES.find((p) => p === e.target.value) ?? ticket.priority)}
          >
            {PRIORITY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {PRIORITY_LABELS[choice]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          Save changes
        </Button>
        {canTakeIt && (
          <Button
            type="button"
            variant="secondary"
            disabled={update.isPending}
            onClick={() => save({ assigneeId: me.id }, 'The ticket is assigned to you.')}
          >
            Assign to me
          </Button>
        )}
      </div>
    </form>
  );
}

/** The account the ticket matches, with a link to its page and its orders (the learner page's own data). */
function LearnerSide({ ticket }: { ticket: AdminTicket }) {
  if (!ticket.learner) {
    return (
      <p className="text-sm text-muted">
        No account uses {ticket.email}: the message was sent by someone without an account, or from another address.
      </p>
    );
  }
  return (
    <div className="space-y-3 text-sm">
      <p>
        <Link to={`/admin/learners/${ticket.learner.id}`} className={linkClass}>
          {ticket.learner.name}
        </Link>
        <span className="block break-all text-muted">{ticket.learner.email}</span>
      </p>
      <LearnerOrders learnerId={ticket.learner.id} />
    </div>
  );
}

function LearnerOrders({ learnerId }: { learnerId: string }) {
  const learner = useAdminLearner(learnerId);
  if (learner.isError && !learner.data) {
    return <ErrorAlert onRetry={() => learner.refetch()}>{errorMessage(learner.error)}</ErrorAlert>;
  }
  if (!learner.data) return <p className="text-muted">Loading their orders…</p>;
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">Orders</h4>
      <LearnerOrdersTable orders={learner.data.orders} />
    </div>
  );
}
