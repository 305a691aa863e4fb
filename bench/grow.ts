/**
 * Grows the benchmark catalogue to COURSES courses (the extra ones without lessons), for the scale check.
 *   npx tsx bench/grow.ts --data-dir DIR --courses 100000 [--database-url URL]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { courses } from '../apps/api/src/db/schema.ts';

const { values: args } = parseArgs({
  options: { 'data-dir': { type: 'string' }, courses: { type: 'string' }, 'database-url': { type: 'string' } },
});
const target = Number(args.courses ?? 100_000);
const database = await openDatabase({
  url: args['database-url'],
  pgliteDir: args['database-url'] ? undefined : path.join(args['data-dir'] ?? 'data/bench', 'pglite'),
});
const [{ existing } = { existing: 0 }] = await database.db.select({ existing: count() }).from(courses);
const rows: (typeof courses.$inferInsert)[] = [];
for (let c = existing; c < target; c++) {
  rows.push({
    id: `bench-course-${String(c).padStart(6, '0')}`,
    title: `Benchmark Course ${c}`,
    description: 'A generated course for the scale check.',
    difficulty: 'Intermediate',
    pricePaise: 299_900,
    baseStudents: 500,
    rating: 4.5,
    sortOrder: c * 10,
  });
}
for (let i = 0; i < rows.length; i += 2000) await database.db.insert(courses).values(rows.slice(i, i + 2000));
await database.db.execute(sql`analyze courses`);
await database.close();
console.log(`catalogue grown from ${existing} to ${target} courses`);
