import type { Db } from '../../db/client.ts';
import { lessonProgress } from '../../db/schema.ts';

/** Test-only: progress rows as the progress service would have left them after real playback. */
export async function recordProgress(
  db: Db,
  userId: string,
  rows: Array<{ lessonId: string; courseId: string; watchedSeconds: number; completed: boolean; at: Date }>,
) {
  await db.insert(lessonProgress).values(
    rows.map((r) => ({
      userId,
      lessonId: r.lessonId,
      courseId: r.courseId,
      resumeSeconds: r.watchedSeconds,
      watchedSeconds: r.watchedSeconds,
      watchedRanges: r.watchedSeconds > 0 ? [[0, r.watchedSeconds] as [number, number]] : [],
      completed: r.completed,
      completedAt: r.completed ? r.at : null,
      updatedAt: r.at,
    })),
  );
}

/**
 * Counts the SQL statements the app sends while `run` runs, by wrapping the driver's `query` (PGlite and
 * node-postgres both send every drizzle statement through it).
 */
export async function countQueries(db: Db, run: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { session: { client: { query: (...args: unknown[]) => Promise<unknown> } } }).session
    .client;
  const original = client.query;
  let calls = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    calls++;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return calls;
}
