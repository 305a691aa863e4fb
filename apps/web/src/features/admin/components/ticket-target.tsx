import type { ResponseTarget, TicketStatus } from '@kaushal/contract';
import { targetText } from '../lib/tickets';
import { StatusPill } from './status-pill';

/** Time left or overdue against the spec's response target, in words (the colour only backs them up). */
export function TicketTarget({ target, status }: { target: ResponseTarget; status: TicketStatus }) {
  const { text, tone } = targetText(target, status);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <StatusPill tone={tone}>{text}</StatusPill>
      {target.state !== 'none' && <span className="text-xs text-muted">Target {target.hours} h</span>}
    </span>
  );
}
