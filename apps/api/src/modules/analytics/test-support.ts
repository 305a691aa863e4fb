import { signedVideoSchema, type VideoEvent } from '@kaushal/contract';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/app.ts';
import type { Learner } from '../../../test/payments.ts';
import { callAs } from '../../../test/support/staff.ts';

/** Test-only: viewers scripted through the real player endpoints (open a session, post its events). */

export type Step = [VideoEvent['eventType'], number];

/** Opens a video session of `lessonId` as `learner` and posts `steps` as its events; returns the session id. */
export async function watch(ctx: TestContext, learner: Learner, lessonId: string, steps: Step[]): Promise<string> {
  const opened = await callAs(ctx, learner, 'GET', `/lessons/${lessonId}/signed-url`);
  expect(opened.statusCode, opened.body).toBe(200);
  const sessionId = signedVideoSchema.parse(opened.json()).sessionId;
  await more(ctx, learner, lessonId, sessionId, steps);
  return sessionId;
}

/** More events of a session already open. */
export async function more(ctx: TestContext, learner: Learner, lessonId: string, sessionId: string, steps: Step[]) {
  const events = steps.map(([eventType, positionSec]) => ({ sessionId, eventType, positionSec }));
  const res = await callAs(ctx, learner, 'POST', `/lessons/${lessonId}/events`, events);
  expect(res.statusCode, res.body).toBe(200);
}
