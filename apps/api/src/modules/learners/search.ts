import { type AdminLearnerList, LEARNERS_PAGE_SIZE } from '@kaushal/contract';
import { and, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { likeEscaped } from '../admin/index.ts';

/** A learner's sign-up time as whole microseconds since 1970: PostgreSQL's own precision, exact as text. */
const joinedMicros = sql<string>`(extract(epoch from ${users.createdAt}) * 1000000)::bigint::text`;

/** The page after the row a cursor names: later in the order (older, or as old with a smaller id). */
function after(cursor: string): SQL {
  const [micros, id] = cursor.split('.');
  return sql`(${users.createdAt}, ${users.id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)`;
}

export interface LearnerSearch {
  q: string;
  cursor?: string | undefined;
}

/**
 * The query behind a page of the search (not yet sent; the tests read its plan). How it stays fast at 100,000
 * learners (decisions/027): `q` of 3 characters or more is looked up in the trigram indexes on name and email
 * (their GIN operator class answers ILIKE itself, so the condition is the plain one, and what matches is what a
 * scan of every row would match: the index only narrows the rows the condition is checked on); shorter, or a
 * `q` that many learners match, walks the sign-up index newest first and stops when the page is full.
 */
export function learnerSearchQuery(db: Db | Tx, query: LearnerSearch) {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = likeEscaped(query.q);
    filters.push(or(ilike(users.name, pattern), ilike(users.email, pattern)) as SQL);
  }
  if (query.cursor) filters.push(after(query.cursor));
  return (
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        createdAt: users.createdAt,
        lastLoginAt: users.lastLoginAt,
        micros: joinedMicros,
      })
      .from(users)
      .where(and(...filters))
      .orderBy(desc(users.createdAt), desc(users.id))
      // One more than a page: whether another page follows, without counting every match.
      .limit(LEARNERS_PAGE_SIZE + 1)
  );
}

/**
 * Learners whose name or email contains `q` (any case; %, _ and \ taken literally), newest sign-ups first, a page
 * at a time from the cursor the previous page ended with (keyset paging: page 400 costs what page 1 does). An
 * empty `q` lists everyone.
 */
export async function searchLearners(db: Db, query: LearnerSearch): Promise<AdminLearnerList> {
  const rows = await learnerSearchQuery(db, query);
  const page = rows.slice(0, LEARNERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      joinedAt: row.createdAt.toISOString(),
      lastSignInAt: row.lastLoginAt?.toISOString() ?? null,
    })),
    nextCursor: rows.length > LEARNERS_PAGE_SIZE && last ? `${last.micros}.${last.id}` : null,
  };
}
