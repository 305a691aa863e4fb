import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../../../test/app.ts';
import { buildApp } from '../../app.ts';
import { loadSiteConfig } from '../../content/load.ts';
import { lessonProgress } from '../../db/schema.ts';
import { batchOptionsFor } from '../../lib/batching.ts';
import { ProgressWriter } from './progress-writer.ts';
import { advance, asLearner, createLearner, type Learner } from './test-support.ts';

/** ai-agents-tool-use-01: free, 96 s. */
const LESSON = 'ai-agents-tool-use-01';

/** Progress reports group-committed (decision 035): batches, each acknowledged report stored, rules unchanged. */
describe('ProgressWriter', () => {
  const ctx = useTestApp();
  const open = (learner: Learner) => asLearner(ctx, learner).get(`/api/v1/lessons/${LESSON}/signed-url`);
  const put = (learner: Learner, watchSeconds: number, lesson = LESSON) =>
    asLearner(ctx, learner).put(`/api/v1/lessons/${lesson}/progress`, { watchSeconds, completed: false });
  const row = async (learner: Learner) =>
    (
      await ctx.database.db
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, learner.id), eq(lessonProgress.lessonId, LESSON)))
    )[0];

  it('stores every acknowledged report of many learners reporting at once, each credited by its own rule', async () => {
    const learners = await Promise.all(Array.from({ length: 12 }, () => createLearner(ctx)));
    for (const learner of learners) await open(learner);
    advance(ctx, 10);
    // Half play 10 s, half seek 40 s ahead (not credited): one batch holds both kinds.
    const answers = await Promise.all(learners.map((l, i) => put(l, i % 2 ? 40 : 10)));
    expect(answers.map((a) => a.statusCode)).toEqual(learners.map(() => 200));
    for (const [i, learner] of learners.entries()) {
      expect(await row(learner)).toMatchObject({
        resumeSeconds: i % 2 ? 40 : 10,
        watchedSeconds: i % 2 ? 0 : 10,
        watchedRanges: i % 2 ? [] : [[0, 10]],
      });
    }
  });

  it('refuses a bad report alone: the others of its batch are stored', async () => {
    const [a, b] = [await createLearner(ctx), await createLearner(ctx)];
    await open(a);
    advance(ctx, 10);
    const [ok, missing, tooFar] = await Promise.all([put(a, 10), put(b, 10, 'no-such-lesson'), put(b, 5000)]);
    expect(ok.statusCode).toBe(200);
    expect(missing.statusCode).toBe(404);
    expect(tooFar.statusCode).toBe(400);
    expect(await row(a)).toMatchObject({ resumeSeconds: 10, watchedSeconds: 10 });
  });

  it('applies the reports of two writers (two processes) on one row one after the other', async () => {
    const learner = await createLearner(ctx);
    await open(learner);
    const other = new ProgressWriter(ctx.database.db, ctx.app.deps.outbox);
    const viewer = { id: learner.id, roles: [] };
    let watched = 0;
    for (const position of [10, 20, 30]) {
      advance(ctx, 10);
      const now = ctx.clock.now;
      const both = await Promise.all([
        ctx.app.deps.progressWriter.save({
          viewer,
          lessonId: LESSON,
          body: { watchSeconds: position, completed: false },
          now,
        }),
        other.save({ viewer, lessonId: LESSON, body: { watchSeconds: position, completed: false }, now }),
      ]);
      watched = Math.max(...both.map((b) => b.watchedSeconds));
    }
    expect(watched).toBe(30);
    expect(await row(learner)).toMatchObject({ resumeSeconds: 30, watchedSeconds: 30, watchedRanges: [[0, 30]] });
  });

  it("with several lanes (PostgreSQL), stores every learner and applies one learner's reports in arrival order", async () => {
    const learners = await Promise.all(Array.from({ length: 8 }, () => createLearner(ctx)));
    for (const learner of learners) await open(learner);
    const lanes = new ProgressWriter(ctx.database.db, ctx.app.deps.outbox, { lanes: 4 });
    const save = (learner: Learner, watchSeconds: number) =>
      lanes.save({
        viewer: { id: learner.id, roles: [] },
        lessonId: LESSON,
        body: { watchSeconds, completed: false },
        now: ctx.clock.now,
      });
    advance(ctx, 30);
    // Each learner reports 10, 20, 30 at once, 30 s after opening. In arrival order, 10 is credited (10 s of the
    // 30 elapsed, leaving the most pace carried: one save interval), 20 is credited by that carried pace, and 30
    // comes with no time and no pace left: resume 30, watched [0, 20]. Any other order would credit less (30 or 20
    // first: a jump, then a rewind) or leave the resume behind (…, 20).
    const answers = await Promise.all(learners.flatMap((l) => [save(l, 10), save(l, 20), save(l, 30)]));
    expect(answers).toHaveLength(24);
    for (const learner of learners) {
      expect(await row(learner)).toMatchObject({ resumeSeconds: 30, watchedSeconds: 20, watchedRanges: [[0, 20]] });
    }
  });

  it('settles: resolves only once every report received so far is stored', async () => {
    const learner = await createLearner(ctx);
    await open(learner);
    advance(ctx, 10);
    const writer = new ProgressWriter(ctx.database.db, ctx.app.deps.outbox, batchOptionsFor(ctx.database));
    let stored = 0;
    const report = (watchSeconds: number) => ({
      viewer: { id: learner.id, roles: [] },
      lessonId: LESSON,
      body: { watchSeconds, completed: false },
      now: ctx.clock.now,
    });
    const saving = [writer.save(report(5)), writer.save(report(10))].map((p) => p.then(() => stored++));
    await writer.settled();
    expect(stored).toBe(2);
    expect(await row(learner)).toMatchObject({ resumeSeconds: 10 });
    await Promise.all(saving);
  });

  it('closing the app stores a report first, also one whose client did not wait for the answer', async () => {
    const learner = await createLearner(ctx);
    await open(learner);
    advance(ctx, 10);
    expect((await put(learner, 10)).statusCode).toBe(200);
    const config = testConfig();
    const app = await buildApp({
      config,
      database: ctx.database,
      site: await loadSiteConfig(config.contentDir),
      clock: () => ctx.clock.now,
      logger: false,
    });
    await app.ready();
    // The learner's row is held by another transaction, so the report cannot be stored before that one ends.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const holding = ctx.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from lesson_progress where user_id = ${learner.id} and lesson_id = ${LESSON} for update`,
      );
      locked();
      await held;
    });
    await isLocked;
    const order: string[] = [];
    advance(ctx, 10);
    const saving = app.deps.progressWriter
      .save({
        viewer: { id: learner.id, roles: [] },
        lessonId: LESSON,
        body: { watchSeconds: 20, completed: false },
        now: ctx.clock.now,
      })
      .then(() => order.push('stored'));
    const closing = app.close().then(() => order.push('closed'));
    await new Promise((r) => setTimeout(r, 300));
    release();
    await Promise.all([holding, saving, closing]);
    expect(order).toEqual(['stored', 'closed']);
    expect(await row(learner)).toMatchObject({ resumeSeconds: 20, watchedSeconds: 20 });
  });
});
