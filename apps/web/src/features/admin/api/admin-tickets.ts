import {
  type AdminTicket,
  endpoints,
  type TicketNoteBody,
  type TicketReplyBody,
  type UpdateTicketBody,
} from '@kaushal/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type TicketFilters, ticketsQueryOf } from '../lib/tickets';
import { adminKeys } from './admin-keys';

export const TICKETS_PAGE_SIZE = 50;
/** Time left moves: the list and a ticket are read again each minute while open. */
const REFRESH_MS = 60_000;

export const ticketKeys = {
  all: () => [...adminKeys.all, 'tickets'] as const,
  list: (filters: TicketFilters) => [...ticketKeys.all(), 'list', filters] as const,
  detail: (ticketId: string) => [...ticketKeys.all(), 'detail', ticketId] as const,
};

/** GET /admin/tickets: the tickets the filters match, a page at a time ("Load more"). */
export const adminTicketsQuery = (filters: TicketFilters) =>
  infiniteQueryOptions({
    queryKey: ticketKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api(endpoints.adminTickets, {
        query: { ...ticketsQueryOf(filters), cursor: pageParam ?? undefined, limit: TICKETS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });

export const useAdminTickets = (filters: TicketFilters) => useInfiniteQuery(adminTicketsQuery(filters));

/** GET /admin/tickets/:ticketId: the ticket, its thread, the matching account and who may be assigned. */
export const adminTicketQuery = (ticketId: string) =>
  queryOptions({
    queryKey: ticketKeys.detail(ticketId),
    queryFn: ({ signal }) => api(endpoints.adminTicket, { params: { ticketId }, signal }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });

export const useAdminTicket = (ticketId: string) => useQuery(adminTicketQuery(ticketId));

/** After a write: the ticket as the API answered it; the lists and the audit log read again. */
function useTicketWrite<V>(ticketId: string, write: (vars: V) => Promise<AdminTicket>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (ticket) => queryClient.setQueryData(adminTicketQuery(ticketId).queryKey, ticket),
    onSettled: (_ticket, error) => {
      // A stale view (409): the ticket is read again, so staff see what changed before acting again.
      if (error) void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
      void queryClient.invalidateQueries({ queryKey: [...ticketKeys.all(), 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() });
    },
  });
}

/** PATCH /admin/tickets/:ticketId: status, assignee, category or priority, at the version shown. */
export const useUpdateTicket = (ticketId: string) =>
  useTicketWrite(ticketId, (body: UpdateTicketBody) =>
    api(endpoints.adminUpdateTicket, { params: { ticketId }, body }),
  );

/** POST /admin/tickets/:ticketId/replies: emailed to the learner with the ticket id. */
export const useReplyToTicket = (ticketId: string) =>
  useTicketWrite(ticketId, (body: TicketReplyBody) => api(endpoints.adminTicketReply, { params: { ticketId }, body }));

/** POST /admin/tickets/:ticketId/notes: for staff only, never emailed. */
export const useAddTicketNote = (ticketId: string) =>
  useTicketWrite(ticketId, (body: TicketNoteBody) => api(endpoints.adminTicketNote, { params: { ticketId }, body }));
