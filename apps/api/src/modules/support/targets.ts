import {
  type ContactCategory,
  type ResponseTarget,
  responseTargetHours,
  type TicketPriority,
  type TicketStatus,
} from '@kaushal/contract';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export interface TargetFacts {
  category: ContactCategory;
  priority: TicketPriority;
  status: TicketStatus;
  awaitingSince: Date | null;
}

/**
 * When the learner's unanswered message must be answered by: its arrival plus the target (decision 025). None
 * when nothing waits for an answer, or the ticket is closed (a follow-up reopens it and starts the clock again).
 * The clock runs on wall time, not support hours: a ticket shown overdue at night is one to answer first.
 */
export function dueAtOf(facts: TargetFacts): Date | null {
  if (facts.status === 'closed' || !facts.awaitingSince) return null;
  return new Date(facts.awaitingSince.getTime() + responseTargetHours(facts.category, facts.priority) * HOUR_MS);
}

/**
 * Where a ticket stands at `now`: due with whole minutes left, or overdue (from the due instant on: "under
 * 2 hours" is not met at 2 hours) with whole minutes past, both rounded down.
 */
export function targetAt(facts: TargetFacts, now: Date): ResponseTarget {
  const hours = responseTargetHours(facts.category, facts.priority);
  const due = dueAtOf(facts);
  if (!due) return { hours, state: 'none', dueAt: null, minutes: null };
  const left = due.getTime() - now.getTime();
  return left > 0
    ? { hours, state: 'due', dueAt: due.toISOString(), minutes: Math.floor(left / MINUTE_MS) }
    : { hours, state: 'overdue', dueAt: due.toISOString(), minutes: Math.floor(-left / MINUTE_MS) };
}
