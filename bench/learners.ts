/**
 * The console's learner search at volume: LEARNERS learners made in one generate_series statement (names from
 * 40 first names and 40 surnames, a few of them not ASCII; emails `first.last<n>@<provider>.bench.example`;
 * sign-ups five minutes apart, newest first), an admin with a session for the console, and the searches to time
 * (bench/run.mjs sends them to GET /api/v1/admin/learners, one at a time). Writes what the timing needs to OUT.
 *   npx tsx bench/learners.ts --data-dir DIR --out FILE [--learners 100000] [--database-url URL]
 * Learners it made before (their emails end in `.bench.example` after the provider) are kept when there are as
 * many as asked for, and otherwise deleted and made again; the rest of the database is left alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { userRoles, users } from '../apps/api/src/db/schema.ts';
import { createSession } from '../apps/api/src/modules/auth/session.ts';
import { ensureDatabase } from './database.ts';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    out: { type: 'string' },
    learners: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
  },
});
const LEARNERS = Number(args.learners);
const OWN_EMAILS = '%@%.bench.example';

/** [as shown, as in an email address]. */
const FIRST = [
  ['Aarav', 'aarav'],
  ['Ananya', 'ananya'],
  ['Arjun', 'arjun'],
  ['Diya', 'diya'],
  ['Ishaan', 'ishaan'],
  ['Kavya', 'kavya'],
  ['Rohan', 'rohan'],
  ['Saanvi', 'saanvi'],
  ['Vihaan', 'vihaan'],
  ['Aditi', 'aditi'],
  ['Karthik', 'karthik'],
  ['Meera', 'meera'],
  ['Nikhil', 'nikhil'],
  ['Pooja', 'pooja'],
  ['Rahul', 'rahul'],
  ['Sneha', 'sneha'],
  ['Varun', 'varun'],
  ['Zoë', 'zoe'],
  ['Śruti', 'sruti'],
  ['Amélie', 'amelie'],
  ['Priya', 'priya'],
  ['Siddharth', 'siddharth'],
  ['Tanvi', 'tanvi'],
  ['Yash', 'yash'],
  ['Lakshmi', 'lakshmi'],
  ['Harsh', 'harsh'],
  ['Neha', 'neha'],
  ['Gaurav', 'gaurav'],
  ['Ritu', 'ritu'],
  ['Manish', 'manish'],
  ['Deepa', 'deepa'],
  ['Suresh', 'suresh'],
  ['Fatima', 'fatima'],
  ['Imran', 'imran'],
  ['Joseph', 'joseph'],
  ['Mary', 'mary'],
  ['Gurpreet', 'gurpreet'],
  ['Harpreet', 'harpreet'],
  ['Bhavna', 'bhavna'],
  ['Chetan', 'chetan'],
] as const;
const LAST = [
  ['Sharma', 'sharma'],
  ['Iyer', 'iyer'],
  ['Nair', 'nair'],
  ['Reddy', 'reddy'],
  ['Mehta', 'mehta'],
  ['Gupta', 'gupta'],
  ['Khan', 'khan'],
  ['Singh', 'singh'],
  ['Patel', 'patel'],
  ['Das', 'das'],
  ['Banerjee', 'banerjee'],
  ['Chatterjee', 'chatterjee'],
  ['Joshi', 'joshi'],
  ['Kulkarni', 'kulkarni'],
  ['Menon', 'menon'],
  ['Pillai', 'pillai'],
  ['Rao', 'rao'],
  ['Verma', 'verma'],
  ['Yadav', 'yadav'],
  ['Agarwal', 'agarwal'],
  ['Bose', 'bose'],
  ['Desai', 'desai'],
  ['Fernandes', 'fernandes'],
  ['Ghosh', 'ghosh'],
  ['Hegde', 'hegde'],
  ['Jain', 'jain'],
  ['Kapoor', 'kapoor'],
  ['Mishra', 'mishra'],
  ['Naidu', 'naidu'],
  ['Pandey', 'pandey'],
  ['Qureshi', 'qureshi'],
  ['Saxena', 'saxena'],
  ['Thakur', 'thakur'],
  ['Upadhyay', 'upadhyay'],
  ['Varghese', 'varghese'],
  ['Wadia', 'wadia'],
  ['Zaveri', 'zaveri'],
  ['Ó Briain', 'obriain'],
  ['Müller', 'muller'],
  ['Chaudhary', 'chaudhary'],
] as const;
const PROVIDERS = ['gmail', 'yahoo', 'outlook', 'iitb'] as const;

/**
 * The searches timed, by kind, each a few values taken in turn. What a support agent types: part of a surname,
 * a whole name, the start of an email address; 1–2 characters (no trigram to look up: see decisions/027); a
 * term almost everyone matches; and nothing at all.
 */
const SEARCHES: Record<string, string[]> = {
  'part of a surname (2.5% match)': ['sharm', 'kulkar', 'chatter', 'fernan'],
  'a whole name (~60 match)': ['Ananya Iyer', 'Rohan Mehta', 'Zoë Das', 'Śruti Rao'],
  'email prefix (1–2 match)': ['ananya.iyer48', 'rohan.mehta65', 'priya.sharma32', 'meera.khan34'],
  'email provider (25% match)': ['outlook', 'yahoo'],
  '2 characters, common': ['an', 'sh', 'ya'],
  '2 characters, no match': ['qz', 'xj'],
  '1 character': ['a', 'z'],
  'no match': ['nobody-here', 'zzqqxx'],
};

const dataDir = args['data-dir'] ?? 'bench/results/learners-data';
mkdirSync(dataDir, { recursive: true });
if (args['database-url']) await ensureDatabase(args['database-url']);
const database = await openDatabase({
  url: args['database-url'],
  pgliteDir: args['database-url'] ? undefined : path.join(dataDir, 'pglite'),
});
await database.migrate();
const { db } = database;

const started = performance.now();
const own = sql`${users.email} like ${OWN_EMAILS}`;
const [{ present } = { present: 0 }] = await db.select({ present: count() }).from(users).where(own);
if (present !== LEARNERS) {
  // A few thousand at a time: each delete cascades into the tables that refer to users.
  const deleteSome = async () => {
    const result = await db.execute<{ n: number }>(sql`
      with gone as (delete from ${users} where ${users.id} in (select ${users.id} from ${users} where ${own} limit 5000)
                    returning 1)
      select count(*)::int as n from gone`);
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
  };
  while ((await deleteSome()) > 0) {}
  // The space they took is reused (the table keeps its size from run to run, and so does a scan of it).
  await db.execute(sql`vacuum ${users}`);
  // Each list as one parameter (drizzle would spread an array into one parameter per element): no name has a comma.
  const list = (names: readonly string[]) => sql`string_to_array(${names.join(',')}, ',')`;
  const firstShown = list(FIRST.map(([shown]) => shown));
  const firstMail = list(FIRST.map(([, mail]) => mail));
  const lastShown = list(LAST.map(([shown]) => shown));
  const lastMail = list(LAST.map(([, mail]) => mail));
  // Learner g: first name g mod 40, surname (g div 40) mod 40 (each of the 1,600 pairs as common), newest first.
  await db.execute(sql`
    insert into ${users} (email, name, created_at, updated_at)
    select (${firstMail})[1 + g % 40] || '.' || (${lastMail})[1 + (g / 40) % 40] || g
             || '@' || (${list(PROVIDERS)})[1 + (g / 7) % 4] || '.bench.example',
           (${firstShown})[1 + g % 40] || ' ' || (${lastShown})[1 + (g / 40) % 40],
           now() - g * interval '5 minutes',
           now() - g * interval '5 minutes'
    from generate_series(1, ${LEARNERS}::int) as g`);
}
const [admin] = await db
  .insert(users)
  .values({ email: 'search-admin@bench-staff.example', name: 'Search Bench Admin' })
  .onConflictDoUpdate({ target: users.email, set: { name: 'Search Bench Admin' } })
  .returning({ id: users.id });
if (!admin) throw new Error('no admin created');
await db.insert(userRoles).values({ userId: admin.id, role: 'admin' }).onConflictDoNothing();
const { token } = await createSession(db, admin.id, new Date());
// As autovacuum leaves a table that grew over time: the GIN indexes' pending entries merged, statistics fresh.
await db.execute(sql`vacuum analyze ${users}`);
const seconds = (performance.now() - started) / 1000;
await database.close();

const made = present !== LEARNERS;
const result = { database: database.kind, learners: LEARNERS, made, seconds, token, searches: SEARCHES };
writeFileSync(args.out ?? path.join(dataDir, 'learners.json'), JSON.stringify(result, null, 2));
console.log(`${made ? 'made' : 'kept'} ${LEARNERS} learners, and an admin, in ${seconds.toFixed(1)} s`);
