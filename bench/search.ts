/**
 * The catalogue search at volume (issue 22: p99 under 20 ms at 100,000 courses and 1 million lessons, on
 * PostgreSQL): COURSES published courses with LESSONS_PER_COURSE lessons each, made with generate_series in a
 * database of the bench's own, and the searches to time (bench/run.mjs sends them to GET /api/v1/courses, one at
 * a time). Writes what the timing needs to OUT.
 *   npx tsx bench/search.ts --database-url URL --out FILE [--courses 100000] [--lessons-per-course 10] [--reuse]
 * The database's courses, and every table that refers to them, are truncated first (it is the bench's own: never
 * point it at a real one). --reuse keeps a catalogue generated before with the same sizes (after migrating it).
 *
 * Titles and lessons are drawn from a vocabulary of 400 topic words (a word is in 0.5% of course titles and 0.25%
 * of lesson titles, so a topic word finds about 3,000 courses, 3% of them), descriptions repeat the title's topics
 * and add eight of 60 ordinary words, and every description has the same closing sentence: the word "projects" is
 * in every course, the worst case.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { courses } from '../apps/api/src/db/schema.ts';
import { ensureDatabase } from './database.ts';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    courses: { type: 'string', default: '100000' },
    'lessons-per-course': { type: 'string', default: '10' },
    'database-url': { type: 'string' },
    reuse: { type: 'boolean', default: false },
  },
});
const COURSES = Number(args.courses);
const PER_COURSE = Number(args['lessons-per-course']);
const url = args['database-url'];
if (!url) throw new Error('bench/search.ts needs --database-url (PostgreSQL): the budget is set on PostgreSQL');

const STEMS = [
  'neural',
  'vector',
  'embedding',
  'retrieval',
  'agent',
  'prompt',
  'token',
  'gradient',
  'tensor',
  'kernel',
  'graph',
  'image',
  'speech',
  'audio',
  'video',
  'search',
  'ranking',
  'cluster',
  'forest',
  'boosting',
  'bayes',
  'markov',
  'attention',
  'decoder',
  'encoder',
  'diffusion',
  'latent',
  'quantum',
  'robot',
  'sensor',
];
const SUFFIXES = ['', 'ops', 'net', 'lab', 'flow', 'kit', 'core', 'scope', 'forge', 'craft', 'works', 'stack', 'base'];
// 30 stems x 13 suffixes = 390 distinct topic words, plus 10 named ones the searches use.
const TOPICS = [
  ...STEMS.flatMap((stem) => SUFFIXES.map((suffix) => `${stem}${suffix}`)),
  'transformers',
  'pytorch',
  'kubernetes',
  'langchain',
  'rag',
  'lora',
  'mlops',
  'tokenizers',
  'multimodal',
  'evaluation',
];
const PROSE = [
  'build',
  'ship',
  'deploy',
  'measure',
  'debug',
  'design',
  'scale',
  'monitor',
  'compare',
  'explain',
  'practical',
  'careful',
  'modern',
  'reliable',
  'efficient',
  'honest',
  'production',
  'hands',
  'weekly',
  'guided',
  'students',
  'engineers',
  'teams',
  'startups',
  'companies',
  'datasets',
  'notebooks',
  'pipelines',
  'dashboards',
  'experiments',
  'baselines',
  'benchmarks',
  'reviews',
  'feedback',
  'mentors',
  'exercises',
  'quizzes',
  'capstone',
  'portfolio',
  'interviews',
  'careers',
  'budgets',
  'latency',
  'accuracy',
  'privacy',
  'fairness',
  'safety',
  'costs',
  'servers',
  'browsers',
  'phones',
  'clouds',
  'edge',
  'batch',
  'streaming',
  'realtime',
  'offline',
  'online',
  'labels',
  'metrics',
];
const FIRST = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Kavya', 'Rohan', 'Sara', 'Vikram', 'Nisha', 'Dev'];
const LAST = ['Iyer', 'Nair', 'Rao', 'Menon', 'Shah', 'Gupta', 'Khan', 'Das', 'Reddy', 'Pillai'];
const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'];

/**
 * The searches timed, by kind, each a few values taken in turn: what a learner types. A topic word (about 3% of
 * the courses match), a named subject, two words, a misspelling (the words find
 * nothing, so the typo-forgiving trigram pass runs), a search with filters, a word in every course, nothing.
 */
const SEARCHES: Record<string, string[]> = {
  'a topic word (~3% of courses)': ['q=vectorops', 'q=attentionflow', 'q=graphkit', 'q=speechlab'],
  'a named subject': ['q=transformers', 'q=rag', 'q=pytorch', 'q=kubernetes'],
  'two words': ['q=neural%20pipelines', 'q=retrieval%20evaluation', 'q=rag%20latency'],
  'a misspelling (trigram pass)': ['q=transfomers', 'q=kubernets', 'q=pytorh', 'q=langchian'],
  'word + Free + Beginner': ['q=tensorkit&price=free&difficulty=Beginner', 'q=rag&price=free&difficulty=Beginner'],
  'word + sort by price': ['q=diffusionnet&sort=price-asc', 'q=lora&sort=popular'],
  'page 5 of a topic word': ['q=vectorops&page=5', 'q=rag&page=5'],
  'a word in every course': ['q=projects'],
  'no match': ['q=zzqqxxv', 'q=nothinghere'],
};

// The bench's own database, made on first use.
await ensureDatabase(url);

const database = await openDatabase({ url });
await database.migrate();
const kind = database.kind;
await database.close();
// A client of its own for the generation: a million lessons and their indexes take longer than the product's
// query timeout.
const client = new pg.Client({ connectionString: url });
await client.connect();
const dialect = new PgDialect();
const db = {
  execute: async (statement: SQL) => {
    const query = dialect.sqlToQuery(statement);
    await client.query(query.sql, query.params);
  },
};
const started = performance.now();
const countOf = async (table: string) =>
  Number((await client.query(`select count(*)::bigint as n from ${table}`)).rows[0]?.n ?? 0);
const reused =
  args.reuse &&
  (await countOf('courses')) === COURSES &&
  (await countOf('lessons')) === COURSES * PER_COURSE &&
  (await countOf("courses where id like 'bench-%'")) === COURSES;

const list = (words: readonly string[]) => sql`string_to_array(${words.join(',')}, ',')`;
const topics = list(TOPICS);
const prose = list(PROSE);
const topic = (expr: string) => sql.raw(`(${expr}) % ${TOPICS.length}`);
const word = (expr: string) => sql.raw(`(${expr}) % ${PROSE.length}`);

if (!reused) {
  // The bench's own database: truncate (instant) rather than delete a million lessons row by row.
  await db.execute(sql`truncate ${courses} cascade`);
  // Course g: two topic words in its title (a topic word is in 2 / 400 of the titles), one of ten instructors, a
  // description of eight ordinary words and its topics, priced 0 (one in five) to ₹12,999, rated 3.5 to 5.
  await db.execute(sql`
    insert into courses (id, title, description, difficulty, price_paise, instructor, base_students, rating,
                         published, first_published_at, sort_order)
    select 'bench-' || g,
      initcap((${topics})[1 + ${topic('g')}] || ' ' || (${topics})[1 + ${topic('g / 400 + g * 7')}]) || ' in Practice',
      'Learn ' || (${topics})[1 + ${topic('g')}] || ' and ' || (${topics})[1 + ${topic('g / 400 + g * 7')}] || ': '
        || (${prose})[1 + ${word('g')}] || ' ' || (${prose})[1 + ${word('g / 3 + 1')}] || ' '
        || (${prose})[1 + ${word('g / 7 + 2')}] || ' ' || (${prose})[1 + ${word('g / 11 + 3')}] || ' '
        || (${prose})[1 + ${word('g / 13 + 4')}] || ' ' || (${prose})[1 + ${word('g / 17 + 5')}] || ' '
        || (${prose})[1 + ${word('g / 19 + 6')}] || ' ' || (${prose})[1 + ${word('g / 23 + 7')}]
        || '. Real projects from the first week.',
      (${list(DIFFICULTIES)})[1 + g % 3],
      case when g % 5 = 0 then 0 else 99900 + (g % 12) * 100000 end,
      (${list(FIRST)})[1 + g % 10] || ' ' || (${list(LAST)})[1 + (g / 10) % 10],
      (g * 37) % 5000,
      3.5 + ((g * 13) % 16) / 10.0,
      true,
      now() - g * interval '1 hour',
      g
    from generate_series(1, ${COURSES}::int) as g`);
  await db.execute(sql`
    insert into sections (id, course_id, position, title)
    select 'bench-' || g || '-s', 'bench-' || g, 1, 'Lessons' from generate_series(1, ${COURSES}::int) as g`);
  // Lesson n of course g: a topic word and an ordinary word (a topic word is in about 1 / 400 of lesson titles).
  await db.execute(sql`
    insert into lessons (id, course_id, section_id, position, title, description, is_free, duration_seconds)
    select 'bench-' || g || '-' || n, 'bench-' || g, 'bench-' || g || '-s', n,
      initcap((${prose})[1 + ${word('g + n * 3')}]) || ' with ' || (${topics})[1 + ${topic('g * 3 + n * 41')}],
      '', n = 1, 300 + ((g + n) % 20) * 60
    from generate_series(1, ${COURSES}::int) as g, generate_series(1, ${PER_COURSE}::int) as n`);
}
// As autovacuum leaves tables that grew over time: the GIN indexes' pending entries merged, statistics fresh (also
// when kept: a migration since may have filled a table).
await db.execute(sql`vacuum analyze courses`);
await db.execute(sql`vacuum analyze sections`);
await db.execute(sql`vacuum analyze lessons`);
// The search rows the triggers derive (decision 038; absent before migration 0016): written once per course by the
// courses' insert, and again by the lessons'.
const derived = await client.query("select to_regclass('course_search') is not null as present");
if (derived.rows[0]?.present) await db.execute(sql`vacuum analyze course_search`);
const seconds = (performance.now() - started) / 1000;
await client.end();

const result = {
  database: kind,
  courses: COURSES,
  lessons: COURSES * PER_COURSE,
  seconds,
  reused,
  searches: SEARCHES,
};
if (args.out) writeFileSync(args.out, JSON.stringify(result, null, 2));
console.log(
  `${reused ? 'kept' : 'generated'} ${COURSES} courses and ${COURSES * PER_COURSE} lessons in ${seconds.toFixed(1)} s`,
);
