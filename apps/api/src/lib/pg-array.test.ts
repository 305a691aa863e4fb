import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { pgArray } from './pg-array.ts';

describe('pgArray', () => {
  const ctx = useTestApp({ seed: false });
  const roundTrip = async (values: Array<string | null>, type: 'text' | 'jsonb') => {
    const result = await ctx.database.db.execute(
      sql`select v::text as "v" from unnest(${pgArray(values)}::${sql.raw(type)}[]) with ordinality as t(v, n) order by n`,
    );
    const rows =
      (result as unknown as { rows?: Array<{ v: string | null }> }).rows ??
      (result as unknown as Array<{ v: string | null }>);
    return rows.map((r) => r.v);
  };

  it('carries any text as it is, one element each, and null as SQL NULL', async () => {
    const values = ['plain', 'a,b', '{braces}', 'say "hi"', 'back\\slash', '', 'NULL', ' spaced ', null, 'ünïcode'];
    expect(await roundTrip(values, 'text')).toEqual(values);
  });

  it('carries JSON documents (watched ranges) unchanged', async () => {
    const ranges = [
      JSON.stringify([
        [0, 10],
        [20, 35],
      ]),
      JSON.stringify([]),
      JSON.stringify({ note: 'a "quoted" \\ text' }),
    ];
    expect((await roundTrip(ranges, 'jsonb')).map((v) => JSON.parse(v as string))).toEqual(
      ranges.map((r) => JSON.parse(r)),
    );
  });
});
