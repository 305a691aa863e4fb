import { randomInt } from 'node:crypto';

/** Crockford-style alphabet: no I, L, O or U, so a ticket id read over the phone is not misheard. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ticket id a learner can read back to support: the date it was opened (UTC) and 6 random characters,
 * e.g. 'TKT-20241221-7F3K9Q'. 32^6 ≈ 1 billion ids per day; the unique index catches the rare clash.
 */
export function newTicketId(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `TKT-${day}-${suffix}`;
}

export const TICKET_ID_PATTERN = /^TKT-\d{8}-[0-9A-HJKMNP-TV-Z]{6}$/;

/** A ticket id anywhere in a text ("Ticket #TKT-20241221-7F3K9Q", or the bare id), in any case. */
const QUOTED = /(?<![0-9A-Z])TKT-\d{8}-[0-9A-HJKMNP-TV-Z]{6}(?![0-9A-Z])/gi;

/** The distinct ticket ids a text quotes, in the order they appear, upper-cased (at most 3 looked up). */
export function quotedTicketIds(text: string): string[] {
  const ids = [...text.matchAll(QUOTED)].map((match) => match[0].toUpperCase());
  return [...new Set(ids)].slice(0, 3);
}
