import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { videoEvents, videoSessions } from '../../db/schema.ts';
import { batchOptionsFor } from '../../lib/batching.ts';
import { EventWriter } from './event-ingest.ts';
import { createLearner } from './test-support.ts';

const LESSON = 'python-for-ai-01';

describe('EventWriter (group commit)', () => {
  const ctx = useTestApp();

  async function sessionFor(userId: string) {
    const [row] = await ctx.database.db.insert(videoSessions).values({ userId, lessonId: LESSON }).returning();
    return row?.id ?? '';
  }

  it('writes concurrent batches of many learners together, each acknowledged once stored, in order', async () => {
    const learners = await Promise.all(Array.from({ length: 8 }, () => createLearner(ctx)));
    const sessions = await Promise.all(learners.map((l) => sessionFor(l.id)));
    const stored = vi.fn();
    const writer = new EventWriter(ctx.database.db, stored);
    const executeSpy = vi.spyOn(ctx.database.db, 'execute');
    const results = await Promise.all(
      learners.map((l, i) =>
        writer.write(
          l.id,
          LESSON,
          Array.from({ length: 10 }, (_, k) => ({
            sessionId: sessions[i] ?? '',
            eventType: 'play' as const,
            positionSec: k,
          })),
          new Date(),
        ),
      ),
    );
    expect(results).toEqual(Array(8).fill(10));
    // The first batch is written alone; the seven that queued behind it go together.
    expect(executeSpy.mock.calls.length).toBeLessThanOrEqual(2);
    expect(stored.mock.calls.reduce((n, [c]) => n + c, 0)).toBe(80);
    const rows = await ctx.database.db
      .select()
      .from(videoEvents)
      .where(eq(videoEvents.sessionId, sessions[3] ?? ''))
      .orderBy(asc(videoEvents.id));
    expect(rows.map((r) => r.positionSec)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('with startOnNextTurn (PGlite), writes the batches posted in one turn with one statement', async () => {
    const learners = await Promise.all(Array.from({ length: 5 }, () => createLearner(ctx)));
    const sessions = await Promise.all(learners.map((l) => sessionFor(l.id)));
    const writer = new EventWriter(ctx.database.db, undefined, { startOnNextTurn: true });
    const executeSpy = vi.spyOn(ctx.database.db, 'execute');
    const results = await Promise.all(
      learners.map((l, i) =>
        writer.write(l.id, LESSON, [{ sessionId: sessions[i] ?? '', eventType: 'play', positionSec: i }], new Date()),
      ),
    );
    expect(results).toEqual([1, 1, 1, 1, 1]);
    expect(executeSpy).toHaveBeenCalledTimes(1);
    expect(await ctx.database.db.select().from(videoEvents)).toHaveLength(5);
  });

  it("refuses only the batch that names another learner's session; the others in the same statement are stored", async () => {
    const [alice, bob] = await Promise.all([createLearner(ctx), createLearner(ctx)]);
    const aliceSession = await sessionFor(alice?.id ?? '');
    const bobSession = await sessionFor(bob?.id ?? '');
    const writer = new EventWriter(ctx.database.db);
    const first = writer.write(
      alice?.id ?? '',
      LESSON,
      [{ sessionId: aliceSession, eventType: 'play', positionSec: 1 }],
      new Date(),
    );
    const forged = writer.write(
      bob?.id ?? '',
      LESSON,
      [
        { sessionId: bobSession, eventType: 'play', positionSec: 1 },
        { sessionId: aliceSession, eventType: 'pause', positionSec: 2 },
      ],
      new Date(),
    );
    const honest = writer.write(
      bob?.id ?? '',
      LESSON,
      [{ sessionId: bobSession, eventType: 'pause', positionSec: 3 }],
      new Date(),
    );
    await expect(first).resolves.toBe(1);
    await expect(forged).rejects.toMatchObject({ status: 403, code: 'session_mismatch' });
    await expect(honest).resolves.toBe(1);
    const bobRows = await ctx.database.db.select().from(videoEvents).where(eq(videoEvents.sessionId, bobSession));
    expect(bobRows.map((r) => r.positionSec)).toEqual([3]);
  });

  it('rejects every batch of a failed statement, so none is acknowledged without being stored', async () => {
    const learner = await createLearner(ctx);
    const session = await sessionFor(learner.id);
    const writer = new EventWriter(ctx.database.db);
    vi.spyOn(ctx.database.db, 'execute').mockRejectedValueOnce(new Error('connection lost'));
    await expect(
      writer.write(learner.id, LESSON, [{ sessionId: session, eventType: 'play', positionSec: 0 }], new Date()),
    ).rejects.toThrow('connection lost');
    await expect(
      writer.write(learner.id, LESSON, [{ sessionId: session, eventType: 'play', positionSec: 0 }], new Date()),
    ).resolves.toBe(1);
  });

  it('fails the batches queued behind a statement that found the database unavailable, bounding their wait', async () => {
    const learner = await createLearner(ctx);
    const session = await sessionFor(learner.id);
    const writer = new EventWriter(ctx.database.db);
    const execute = vi.spyOn(ctx.database.db, 'execute');
    // What the pg pool raises when the server stops answering within query_timeout.
    execute.mockRejectedValueOnce(new Error('Query read timeout'));
    const event = { sessionId: session, eventType: 'play' as const, positionSec: 0 };
    const answers = await Promise.allSettled(
      [0, 1, 2].map(() => writer.write(learner.id, LESSON, [event], new Date())),
    );
    // The first statement carried the first batch; the two queued behind it fail with it, not after a second wait.
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(execute).toHaveBeenCalledTimes(1);
    await expect(writer.write(learner.id, LESSON, [event], new Date())).resolves.toBe(1);
  });

  it('settles: resolves only once every batch received so far is stored', async () => {
    const learner = await createLearner(ctx);
    const sessionId = await sessionFor(learner.id);
    const writer = new EventWriter(ctx.database.db, undefined, batchOptionsFor(ctx.database));
    let stored = 0;
    const writing = [0, 1].map((i) =>
      writer.write(learner.id, LESSON, [{ sessionId, eventType: 'play', positionSec: i }], new Date()).then(() => {
        stored++;
      }),
    );
    await writer.settled();
    expect(stored).toBe(2);
    expect(await ctx.database.db.select().from(videoEvents).where(eq(videoEvents.sessionId, sessionId))).toHaveLength(
      2,
    );
    await Promise.all(writing);
  });
});
