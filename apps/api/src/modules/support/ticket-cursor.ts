import type { TicketSort } from '@kaushal/contract';
import { badRequest } from '../../lib/errors.ts';

/**
 * A keyset position in the inbox: the sort it belongs to, the last row's sort time in whole microseconds since
 * 1970 (PostgreSQL's precision, as text: a JavaScript Date would round it and skip or repeat rows) and its id.
 */
export interface TicketPosition {
  sort: TicketSort;
  micros: string;
  id: string;
}

export const encodeTicketCursor = (position: TicketPosition) =>
  Buffer.from(`${position.sort}:${position.micros}:${position.id}`, 'utf8').toString('base64url');

const POSITION = /^(newest|urgent):(-?\d{1,18}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A cursor back to its position: one this API did not make, or made for the other sort, is a 400. */
export function decodeTicketCursor(cursor: string, sort: TicketSort): TicketPosition {
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[2] || !match[3] || match[1] !== sort) {
    throw badRequest('This list position is not valid: start again from the first page.', 'bad_cursor');
  }
  return { sort, micros: match[2], id: match[3] };
}
