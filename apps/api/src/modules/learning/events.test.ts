import { randomUUID } from 'node:crypto';
import { signedVideoSchema, type VideoEvent } from '@kaushal/contract';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { videoEvents } from '../../db/schema.ts';
import { asLearner, createLearner, type Learner } from './test-support.ts';

const LESSON = 'rag-from-scratch-01';
const url = `/api/v1/lessons/${LESSON}/events`;

describe('POST /lessons/:id/events', () => {
  const ctx = useTestApp();

  const openSession = async (learner: Learner, lesson = LESSON) =>
    signedVideoSchema.parse((await asLearner(ctx, learner).get(`/api/v1/lessons/${lesson}/signed-url`)).json())
      .sessionId;
  const events = (sessionId: string, n: number): VideoEvent[] =>
    Array.from({ length: n }, (_, i) => ({
      sessionId,
      eventType: (['play', 'pause', 'seek', 'complete'] as const)[i % 4] ?? 'play',
      positionSec: i * 1.5,
    }));
  const stored = () => ctx.database.db.select().from(videoEvents).orderBy(asc(videoEvents.id));

  it('stores a batch in order, as sent', async () => {
    const learner = await createLearner(ctx);
    const sessionId = await openSession(learner);
    const batch = events(sessionId, 10);
    const res = await asLearner(ctx, learner).post(url, batch);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 10 });
    const rows = await stored();
    expect(rows.map((r) => ({ sessionId: r.sessionId, eventType: r.eventType, positionSec: r.positionSec }))).toEqual(
      batch,
    );
    expect(rows.every((r) => r.createdAt.getTime() === ctx.clock.now.getTime())).toBe(true);
  });

  it('accepts a sendBeacon body: JSON sent as text/plain', async () => {
    const learner = await createLearner(ctx);
    const sessionId = await openSession(learner);
    const res = await asLearner(ctx, learner).post(url, JSON.stringify(events(sessionId, 3)), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 3 });
    expect(await stored()).toHaveLength(3);
  });

  it('answers 400 for text/plain that is not JSON', async () => {
    const learner = await createLearner(ctx);
    const res = await asLearner(ctx, learner).post(url, 'play at 10', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The request body is not valid JSON.', code: 'invalid_json' });
  });

  it('takes at most 100 events per call and answers 400 beyond, storing nothing', async () => {
    const learner = await createLearner(ctx);
    const sessionId = await openSession(learner);
    expect((await asLearner(ctx, learner).post(url, events(sessionId, 100))).json()).toEqual({ accepted: 100 });
    const res = await asLearner(ctx, learner).post(url, events(sessionId, 101));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^Invalid request body: .*100/);
    expect(await stored()).toHaveLength(100);
  });

  it('answers 413 for a body over the size limit', async () => {
    const learner = await createLearner(ctx);
    const res = await asLearner(ctx, learner).post(url, `[${' '.repeat(40 * 1024)}]`, {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('body_too_large');
  });

  it("refuses events into another learner's session, and stores none of a mixed batch", async () => {
    const [alice, bob] = [await createLearner(ctx), await createLearner(ctx)];
    const aliceSession = await openSession(alice);
    const bobSession = await openSession(bob);
    const res = await asLearner(ctx, bob).post(url, events(aliceSession, 2));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'These events name a video session that is not yours or not of this lesson.',
      code: 'session_mismatch',
    });
    const mixed = await asLearner(ctx, bob).post(url, [...events(bobSession, 2), ...events(aliceSession, 1)]);
    expect(mixed.statusCode).toBe(403);
    const unknown = await asLearner(ctx, bob).post(url, events(randomUUID(), 1));
    expect(unknown.statusCode).toBe(403);
    expect(await stored()).toHaveLength(0);
  });

  it('refuses events of a session opened for another lesson', async () => {
    const learner = await createLearner(ctx);
    const other = await openSession(learner, 'rag-from-scratch-02');
    const res = await asLearner(ctx, learner).post(url, events(other, 1));
    expect(res.statusCode).toBe(403);
    expect(await stored()).toHaveLength(0);
  });

  it('accepts several of the learner’s own sessions in one batch', async () => {
    const learner = await createLearner(ctx);
    const [a, b] = [await openSession(learner), await openSession(learner)];
    const res = await asLearner(ctx, learner).post(url, [...events(a, 2), ...events(b, 2), ...events(a, 1)]);
    expect(res.json()).toEqual({ accepted: 5 });
  });

  it.each([
    [[], 'request body'],
    [[{ sessionId: 'not-a-uuid', eventType: 'play', positionSec: 1 }], 'sessionId'],
    [[{ sessionId: randomUUID(), eventType: 'rewind', positionSec: 1 }], 'eventType'],
    [[{ sessionId: randomUUID(), eventType: 'play', positionSec: -1 }], 'positionSec'],
    [{ sessionId: randomUUID(), eventType: 'play', positionSec: 1 }, 'request body'],
  ])('answers 400 with a detail for %j', async (body, field) => {
    const learner = await createLearner(ctx);
    const res = await asLearner(ctx, learner).post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(field);
  });

  it('answers 401 when signed out', async () => {
    const res = await asLearner(ctx, null).post(url, events(randomUUID(), 1));
    expect(res.statusCode).toBe(401);
  });
});
