import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../../lib/errors.ts';

/**
 * A keyset position in a list of orders: the last row's time (whole microseconds since 1970, as PostgreSQL
 * keeps it: a JavaScript Date would round it to milliseconds and repeat or skip rows) and its id.
 */
export interface OrderPosition {
  micros: string;
  id: string;
}

/** The exact microseconds of a timestamp column, as text (a bigint would not survive a JavaScript number). */
export const microsOf = (column: PgColumn) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** The instant of a position, exact to the microsecond. */
const instantOf = (position: OrderPosition) =>
  sql`(timestamptz 'epoch' + ${position.micros}::bigint * interval '1 microsecond')`;

/** Rows after `position` when sorted by (time, id) descending: newest first. */
export const before = (time: PgColumn, id: PgColumn, position: OrderPosition): SQL =>
  sql`(${time}, ${id}) < (${instantOf(position)}, ${position.id})`;

/** Rows after `position` when sorted by (time, id) ascending: oldest first. */
export const after = (time: PgColumn, id: PgColumn, position: OrderPosition): SQL =>
  sql`(${time}, ${id}) > (${instantOf(position)}, ${position.id})`;

/** The opaque `cursor` the API hands out: the position, base64url-encoded. */
export const encodeCursor = (position: OrderPosition) =>
  Buffer.from(`${position.micros}:${position.id}`, 'utf8').toString('base64url');

const POSITION = /^(\d{1,16}):([A-Za-z0-9_]{1,100})$/;

/** A cursor back to its position; one this API did not make is a 400, never a query. */
export function decodeCursor(cursor: string): OrderPosition {
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2]) {
    throw badRequest('This list position is not valid: start again from the first page.', 'bad_cursor');
  }
  return { micros: match[1], id: match[2] };
}
