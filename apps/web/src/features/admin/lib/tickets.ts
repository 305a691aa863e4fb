import type {
  AdminTicketsQuery,
  ContactCategory,
  ResponseTarget,
  TicketPriority,
  TicketSort,
  TicketStatus,
} from '@kaushal/contract';
import { CONTACT_CATEGORIES } from '@kaushal/contract';

type Tone = 'accent' | 'success' | 'muted' | 'danger';

export const TICKET_STATUSES: Record<TicketStatus, { label: string; tone: Tone }> = {
  open: { label: 'Open', tone: 'accent' },
  waiting: { label: 'Waiting on learner', tone: 'muted' },
  closed: { label: 'Closed', tone: 'success' },
};
export const TICKET_STATUS_CHOICES: readonly TicketStatus[] = ['open', 'waiting', 'closed'];

export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  normal: 'Normal',
  critical: 'Critical (cannot sign in, pay or play)',
};
export const PRIORITY_CHOICES: readonly TicketPriority[] = ['normal', 'critical'];

export const CATEGORY_CHOICES: readonly ContactCategory[] = CONTACT_CATEGORIES.map((c) => c.value);
export const SORT_LABELS: Record<TicketSort, string> = { newest: 'Newest first', urgent: 'Most urgent first' };

/** '1 h 5 min', '3 d 2 h', 'less than a minute': a duration in whole minutes, as staff read it at a glance. */
export function formatMinutes(minutes: number): string {
  if (minutes < 1) return 'less than a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

/**
 * The response target as text (never colour alone): '1 h 59 min left', 'Overdue by 20 min', or why no target
 * runs. The tone backs the words up.
 */
export function targetText(target: ResponseTarget, status: TicketStatus): { text: string; tone: Tone } {
  if (target.state === 'due') return { text: `${formatMinutes(target.minutes ?? 0)} left`, tone: 'accent' };
  if (target.state === 'overdue') {
    const by = formatMinutes(target.minutes ?? 0);
    return { text: by === 'less than a minute' ? 'Overdue just now' : `Overdue by ${by}`, tone: 'danger' };
  }
  return { text: status === 'closed' ? 'Closed' : 'Answered', tone: 'muted' };
}

/** The inbox's filters as the URL keeps them. */
export interface TicketFilters {
  status?: TicketStatus | undefined;
  /** 'me', 'none' or a member of staff's id. */
  assignee?: string | undefined;
  category?: ContactCategory | undefined;
  sort: TicketSort;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The filters in the URL; a value the API would refuse is left out. With no status in the URL the inbox shows
 * open tickets (what needs staff); ?status=any shows every status.
 */
export function ticketFiltersFromParams(params: URLSearchParams): TicketFilters {
  const status = params.get('status');
  const assignee = params.get('assignee') ?? '';
  return {
    status: status === null ? 'open' : TICKET_STATUS_CHOICES.find((s) => s === status),
    assignee: assignee === 'me' || assignee === 'none' || UUID.test(assignee) ? assignee : undefined,
    category: CATEGORY_CHOICES.find((c) => c === params.get('category')),
    sort: params.get('sort') === 'urgent' ? 'urgent' : 'newest',
  };
}

/** The filters as URL changes (withParams): any status is 'any', the defaults are left out. */
export const ticketFiltersToParams = (filters: TicketFilters): Record<string, string | undefined> => ({
  status: filters.status === 'open' ? undefined : (filters.status ?? 'any'),
  assignee: filters.assignee,
  category: filters.category,
  sort: filters.sort === 'newest' ? undefined : filters.sort,
});

/** GET /admin/tickets's query for the filters (the cursor and page size are added by the caller). */
export const ticketsQueryOf = (filters: TicketFilters): AdminTicketsQuery => ({
  status: filters.status,
  assignee: filters.assignee,
  category: filters.category,
  sort: filters.sort,
});
