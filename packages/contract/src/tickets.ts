import { z } from 'zod';
import { noNul } from './common.ts';
import { type ContactCategory, contactCategorySchema } from './support.ts';
import { CONTACT_LIMITS } from './values.ts';

/**
 * The support inbox (issue 20, decision 025): each contact message is a ticket support and admins answer in the
 * console. Learners never read these shapes; they see the ticket id and the replies emailed to them.
 */

/** Open: needs staff. Waiting: staff answered or asked, the learner's turn. Closed: done (a follow-up reopens). */
export const TICKET_STATUSES = ['open', 'waiting', 'closed'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** Critical: the learner cannot sign in, pay or play a lesson (the spec's 2-hour target). Set by staff. */
export const ticketPrioritySchema = z.enum(['normal', 'critical']);
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

/** The spec's response targets, in hours (product-spec.md section 2): one source for the inbox and the learner. */
export const RESPONSE_TARGET_HOURS = { critical: 2, general: 24, business: 48 } as const;

const BUSINESS: readonly ContactCategory[] = ['business', 'partnership'];

/**
 * The target a ticket's unanswered message is held to: 2 hours when staff marked it critical (technical messages
 * start critical until triaged), 48 for business and partnership enquiries, 24 for everything else.
 */
export function responseTargetHours(category: ContactCategory, priority: TicketPriority): number {
  if (priority === 'critical') return RESPONSE_TARGET_HOURS.critical;
  return BUSINESS.includes(category) ? RESPONSE_TARGET_HOURS.business : RESPONSE_TARGET_HOURS.general;
}

/** A new ticket's priority: a technical message may be one of the critical kind until staff say otherwise. */
export const initialPriority = (category: ContactCategory): TicketPriority =>
  category === 'technical' ? 'critical' : 'normal';

/** A ticket id as the contact form answers it: TKT-20261127-7F3K9Q. */
export const TICKET_ID_REGEX = /^TKT-\d{8}-[0-9A-HJKMNP-TV-Z]{6}$/;
export const ticketParamsSchema = z.object({ ticketId: z.string().regex(TICKET_ID_REGEX, 'Not a ticket id.') });

export const TICKET_TEXT_LIMIT = CONTACT_LIMITS.message;
const text = (what: string) =>
  noNul(
    z
      .string({ error: `Write the ${what}.` })
      .trim()
      .min(1, `Write the ${what}.`)
      .max(TICKET_TEXT_LIMIT, `Keep the ${what} to ${TICKET_TEXT_LIMIT} characters.`),
  );

export const ticketSortSchema = z.enum(['newest', 'urgent']);
export type TicketSort = z.infer<typeof ticketSortSchema>;

export const adminTicketsQuerySchema = z.object({
  status: ticketStatusSchema.optional(),
  /** 'me': assigned to the caller; 'none': unassigned; or a member of staff's id. */
  assignee: z.union([z.literal('me'), z.literal('none'), z.uuid('Not an assignee.')]).optional(),
  category: contactCategorySchema.optional(),
  /** Newest first (by when the ticket was opened), or the soonest due first (overdue at the top). */
  sort: ticketSortSchema.default('newest'),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a page of this list.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminTicketsQuery = z.input<typeof adminTicketsQuerySchema>;

/**
 * Where the ticket stands against its target: 'due' with whole minutes left (rounded down), 'overdue' with
 * whole minutes past (rounded down), or 'none' when no learner message waits for an answer (or it is closed).
 */
export const responseTargetSchema = z.object({
  hours: z.number().int(),
  state: z.enum(['due', 'overdue', 'none']),
  dueAt: z.string().nullable(),
  minutes: z.number().int().nullable(),
});
export type ResponseTarget = z.infer<typeof responseTargetSchema>;

export const ticketStaffSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type TicketStaff = z.infer<typeof ticketStaffSchema>;

export const adminTicketSummarySchema = z.object({
  ticketId: z.string(),
  subject: z.string(),
  category: contactCategorySchema,
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  name: z.string(),
  email: z.string(),
  assignee: ticketStaffSchema.nullable(),
  createdAt: z.string(),
  /** The latest learner message (the first, or a follow-up through the contact form). */
  lastLearnerMessageAt: z.string(),
  target: responseTargetSchema,
});
export type AdminTicketSummary = z.infer<typeof adminTicketSummarySchema>;

export const adminTicketListSchema = z.object({
  tickets: z.array(adminTicketSummarySchema),
  nextCursor: z.string().nullable(),
  /** Staff who may be assigned (support and admins), for the assignee filter. */
  assignees: z.array(ticketStaffSchema),
});
export type AdminTicketList = z.infer<typeof adminTicketListSchema>;

/** One entry of a ticket's thread: the learner's messages, staff replies (emailed), internal notes (never). */
export const ticketEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['message', 'reply', 'note']),
  authorName: z.string(),
  authorEmail: z.string().nullable(),
  /** A learner message's subject line. */
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketEntry = z.infer<typeof ticketEntrySchema>;

export const adminTicketSchema = adminTicketSummarySchema.extend({
  phone: z.string().nullable(),
  /** Bumped by every change to the ticket (its fields, a learner follow-up, a reply); PATCH names it. */
  version: z.number().int(),
  firstResponseAt: z.string().nullable(),
  entries: z.array(ticketEntrySchema),
  /** The account the ticket belongs to (written signed in, or from its email address), if there is one. */
  learner: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  /** Staff who may be assigned: support and admins. */
  assignees: z.array(ticketStaffSchema),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

export const updateTicketBodySchema = z
  .object({
    version: z.number().int().min(1).max(2_147_483_647),
    status: ticketStatusSchema.optional(),
    assigneeId: z.uuid('Not an assignee.').nullable().optional(),
    category: contactCategorySchema.optional(),
    priority: ticketPrioritySchema.optional(),
  })
  .strict()
  .refine(
    (body) => ['status', 'assigneeId', 'category', 'priority'].some((key) => key in body),
    'Change the status, assignee, category or priority.',
  );
export type UpdateTicketBody = z.input<typeof updateTicketBodySchema>;

export const ticketReplyBodySchema = z
  .object({
    message: text('reply'),
    /** The ticket's status after the reply: waiting on the learner unless staff choose otherwise. */
    status: ticketStatusSchema.default('waiting'),
  })
  .strict();
export type TicketReplyBody = z.input<typeof ticketReplyBodySchema>;

export const ticketNoteBodySchema = z.object({ note: text('note') }).strict();
export type TicketNoteBody = z.input<typeof ticketNoteBodySchema>;
