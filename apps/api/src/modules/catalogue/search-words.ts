import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { SEARCH_CONFIG } from '../../db/schema.ts';
import { searchStatement } from './search-statement.ts';

// What a search's words are to the catalogue (decision 042), from search_lexemes: the lexemes of the published
// courses' search documents, each with the number of courses that have it, kept from course_search by triggers.

const CONFIG = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);

/** A search as the database reads it. */
export interface SearchReading {
  /** The tsquery, as text (later statements take it as `$n::tsquery`). */
  query: string;
  /** False when the search has no word a document could have (only stop words): it matches nothing. */
  searchable: boolean;
  /** The query's one lexeme when it is a single plain word (no operator, phrase or negation), else null. */
  lexeme: string | null;
  /** How many published courses have that lexeme: the exact number of matches of a one-word search. */
  courses: number;
  /** About how many search rows there are (the planner's figure; 0 when never analysed). */
  rows: number;
}

/**
 * Reads a search: the learner's text through websearch_to_tsquery (quotes, `or`, `-` as a search engine reads
 * them; never a syntax error), or a tsquery a correction made. A one-word query is recognised by having one node
 * equal to the plain query of its lexeme (so a prefix, weight or negation never counts as one word).
 */
export async function readSearch(db: Db, source: { text: string } | { query: string }): Promise<SearchReading> {
  const query: SQL =
    'text' in source ? sql`websearch_to_tsquery(${CONFIG}, ${source.text})` : sql`${source.query}::tsquery`;
  const [row] = await searchStatement<{
    query: string;
    searchable: boolean;
    lexeme: string | null;
    courses: number | string | null;
    rows: number | string | null;
  }>(
    db,
    sql`
      with q as materialized (select ${query} as q)
      select q.q::text as query, numnode(q.q) > 0 as searchable, one.lexeme,
        (select w.courses from search_lexemes w where w.lexeme = one.lexeme) as courses,
        (select greatest(c.reltuples, 0)::bigint from pg_class c where c.oid = 'course_search'::regclass) as rows
      from q left join lateral (
        select l.lexeme from unnest(tsvector_to_array(to_tsvector('simple', q.q::text))) as l(lexeme)
        where numnode(q.q) = 1 and plainto_tsquery('simple', l.lexeme) = q.q
        limit 1
      ) one on true`,
  );
  return {
    query: row?.query ?? '',
    searchable: row?.searchable === true,
    lexeme: row?.lexeme ?? null,
    courses: Number(row?.courses ?? 0),
    rows: Number(row?.rows ?? 0),
  };
}

/**
 * The search with its misspelt words corrected, as a tsquery (text), or null when there is nothing to correct.
 * Each word is stemmed as the documents are; a stem no course has is replaced by the most similar lexeme that
 * courses have (pg_trgm word similarity at its default threshold, 0.6: the threshold the earlier trigram pass over
 * titles used), the more similar first, then the more common. The words are then all required (the corrected
 * search is every word's lexeme). Null when a word has no near lexeme (nothing can match all the words) or when
 * no word changed (the search as typed already found nothing).
 */
export async function correctSearch(db: Db, words: readonly string[]): Promise<string | null> {
  // The words are letters and digits only (searchWords): a space separates them.
  const [row] = await searchStatement<{ query: string | null; complete: boolean; changed: boolean }>(
    db,
    sql`
      with w as (
        select w.i, s.stem, k.lexeme as known, f.lexeme as near
        from unnest(string_to_array(${words.join(' ')}, ' ')) with ordinality as w(word, i)
        cross join lateral (select (tsvector_to_array(to_tsvector(${CONFIG}, w.word)))[1] as stem) s
        left join search_lexemes k on k.lexeme = s.stem
        left join lateral (
          select x.lexeme from search_lexemes x
          where k.lexeme is null and s.stem <% x.lexeme
          order by similarity(s.stem, x.lexeme) desc, x.courses desc, x.lexeme
          limit 1
        ) f on true
        where s.stem is not null
      )
      select plainto_tsquery('simple', string_agg(coalesce(w.known, w.near), ' ' order by w.i))::text as query,
        coalesce(bool_and(w.known is not null or w.near is not null), false) as complete,
        coalesce(bool_or(w.near is not null), false) as changed
      from w`,
  );
  return row?.complete && row.changed && row.query ? row.query : null;
}
