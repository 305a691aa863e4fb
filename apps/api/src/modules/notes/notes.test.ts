import { NOTE_LIMITS, noteListSchema, noteSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN as origin, useTestApp } from '../../../test/app.ts';
import { courses, lessonNotes, lessons, userRoles } from '../../db/schema.ts';
import { createLearner, enroll, type Learner } from '../learning/test-support.ts';
import { NOTE_LIMIT_REACHED, NOTE_NOT_FOUND } from './service.ts';

const COURSE = 'rag-from-scratch';
/** Free, 96 s. */
const FREE_LESSON = 'rag-from-scratch-01';
/** Free, 64 s. */
const SECOND_LESSON = 'rag-from-scratch-02';
/** Paid, 96 s. */
const PAID_LESSON = 'rag-from-scratch-03';

describe('notes and bookmarks', () => {
  const ctx = useTestApp();

  function as(learner: Learner | null) {
    const headers = (extra: Record<string, string> = {}) => ({
      ...(learner ? { cookie: learner.cookie } : {}),
      ...extra,
    });
    return {
      list: (courseId = COURSE) =>
        ctx.app.inject({ method: 'GET', url: `/api/v1/courses/${courseId}/notes`, headers: headers() }),
      create: (lessonId: string, payload: unknown) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/v1/lessons/${lessonId}/notes`,
          headers: headers({ origin }),
          payload: payload as object,
        }),
      update: (id: string, payload: unknown) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/v1/notes/${id}`,
          headers: headers({ origin }),
          payload: payload as object,
        }),
      remove: (id: string) =>
        ctx.app.inject({ method: 'DELETE', url: `/api/v1/notes/${id}`, headers: headers({ origin }) }),
    };
  }

  const stored = async (userId?: string) => {
    const rows = await ctx.database.db.select().from(lessonNotes);
    return userId ? rows.filter((r) => r.userId === userId) : rows;
  };
  const created = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(201);
    return noteSchema.parse(res.json());
  };

  it('needs sign-in for every route', async () => {
    const anonymous = as(null);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await anonymous.list(),
      await anonymous.create(FREE_LESSON, { kind: 'note', atSeconds: 1, body: 'x' }),
      await anonymous.update(id, { body: 'x' }),
      await anonymous.remove(id),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Please sign in to continue.', code: 'unauthorized' });
    }
    expect(await stored()).toEqual([]);
  });

  it('adds a note at a second of a lesson the learner may open, trimmed, and lists it privately', async () => {
    const learner = await createLearner(ctx);
    const note = created(
      await as(learner).create(FREE_LESSON, {
        kind: 'note',
        atSeconds: 42,
        body: '  Chunk size matters.\r\nTry 512.  ',
      }),
    );
    expect(note).toMatchObject({
      lessonId: FREE_LESSON,
      courseId: COURSE,
      kind: 'note',
      atSeconds: 42,
      body: 'Chunk size matters.\nTry 512.',
      createdAt: ctx.clock.now.toISOString(),
      updatedAt: ctx.clock.now.toISOString(),
    });
    const list = await as(learner).list();
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(noteListSchema.parse(list.json())).toEqual([note]);
    // Another learner sees none of it.
    const other = await createLearner(ctx);
    expect((await as(other).list()).json()).toEqual([]);
  });

  it('keeps text with quotes, markup and SQL exactly as typed, and trusts no owner or time the client adds', async () => {
    const learner = await createLearner(ctx);
    const texts = ["Robert'); DROP TABLE lesson_notes; --", '<script>alert(1)</script>', 'O\'Brien "Bobby" <b>'];
    for (const body of texts) {
      created(await as(learner).create(FREE_LESSON, { kind: 'note', atSeconds: 3, body }));
    }
    expect(
      (await as(learner).list())
        .json()
        .map((n: { body: string }) => n.body)
        .sort(),
    ).toEqual([...texts].sort());
    const other = await createLearner(ctx);
    const forged = await as(learner).create(FREE_LESSON, {
      kind: 'note',
      atSeconds: 3,
      body: 'x',
      userId: other.id,
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(forged.statusCode).toBe(400);
    expect(await stored(other.id)).toEqual([]);
  });

  it('adds a bookmark with or without a short label', async () => {
    const learner = await createLearner(ctx);
    const bare = created(await as(learner).create(FREE_LESSON, { kind: 'bookmark', atSeconds: 0 }));
    expect(bare).toMatchObject({ kind: 'bookmark', atSeconds: 0, body: '' });
    const labelled = created(
      await as(learner).create(FREE_LESSON, { kind: 'bookmark', atSeconds: 96, body: ' The good part ' }),
    );
    expect(labelled).toMatchObject({ kind: 'bookmark', atSeconds: 96, body: 'The good part' });
    const blank = created(await as(learner).create(FREE_LESSON, { kind: 'bookmark', atSeconds: 5, body: '  \u200B ' }));
    expect(blank.body).toBe('');

    for (const body of ['b'.repeat(NOTE_LIMITS.label + 1), 'two\nlines', 'nul\u0000byte']) {
      const res = await as(learner).create(FREE_LESSON, { kind: 'bookmark', atSeconds: 5, body });
      expect(res.statusCode, body).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    expect(await stored(learner.id)).toHaveLength(3);
  });

  it('refuses a second past the lesson, and seconds that are not whole and non-negative', async () => {
    const learner = await createLearner(ctx);
    const past = await as(learner).create(SECOND_LESSON, { kind: 'note', atSeconds: 65, body: 'x' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({
      detail: 'That second is past the end of the lesson (64 s).',
      code: 'past_lesson_end',
    });
    for (const atSeconds of [-1, 1.5, '10', null, 86_401]) {
      const res = await as(learner).create(SECOND_LESSON, { kind: 'bookmark', atSeconds });
      expect(res.statusCode, String(atSeconds)).toBe(400);
    }
    expect(await stored()).toEqual([]);
    created(await as(learner).create(SECOND_LESSON, { kind: 'note', atSeconds: 64, body: 'The very end' }));
  });

  it('takes a lesson of unknown duration up to any second a player reports', async () => {
    const learner = await createLearner(ctx);
    await ctx.database.db.update(lessons).set({ durationSeconds: 0 }).where(eq(lessons.id, FREE_LESSON));
    created(await as(learner).create(FREE_LESSON, { kind: 'bookmark', atSeconds: 5000 }));
  });

  it('keeps a note between 1 and 2,000 characters as a reader counts them', async () => {
    const learner = await createLearner(ctx);
    const mine = as(learner);
    // 2,000 emoji of several code units each: 2,000 characters.
    created(await mine.create(FREE_LESSON, { kind: 'note', atSeconds: 1, body: '👩‍💻'.repeat(NOTE_LIMITS.body) }));
    created(await mine.create(FREE_LESSON, { kind: 'note', atSeconds: 1, body: 'a'.repeat(NOTE_LIMITS.body) }));
    for (const [body, detail] of [
      ['a'.repeat(NOTE_LIMITS.body + 1), 'A note can be at most 2,000 characters.'],
      ['   \n\t ', 'Write something in the note.'],
      ['', 'Write something in the note.'],
      ['nul\u0000inside', 'A note cannot hold control characters.'],
    ] as const) {
      const res = await mine.create(FREE_LESSON, { kind: 'note', atSeconds: 1, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    for (const payload of [
      { kind: 'note', atSeconds: 1 },
      { kind: 'note', atSeconds: 1, body: 42 },
      { kind: 'memo', atSeconds: 1, body: 'x' },
      { kind: 'note', atSeconds: 1, body: 'x', userId: learner.id },
    ]) {
      expect((await mine.create(FREE_LESSON, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await stored(learner.id)).toHaveLength(2);
  });

  it('answers a note of 100 KB with a clear 4xx and stores nothing (413 past the body limit, 400 below it)', async () => {
    const learner = await createLearner(ctx);
    const huge = await as(learner).create(FREE_LESSON, { kind: 'note', atSeconds: 1, body: 'x'.repeat(100 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'The request body is too large.', code: 'body_too_large' });
    // Inside the body limit but far past the note's: the schema refuses it.
    const large = await as(learner).create(FREE_LESSON, { kind: 'note', atSeconds: 1, body: 'x'.repeat(50 * 1024) });
    expect(large.statusCode).toBe(400);
    expect(large.json().detail).toContain('A note can be at most 2,000 characters.');
    const note = created(await as(learner).create(FREE_LESSON, { kind: 'note', atSeconds: 1, body: 'small' }));
    const edit = await as(learner).update(note.id, { body: 'y'.repeat(100 * 1024) });
    expect(edit.statusCode).toBe(413);
    expect((await stored(learner.id)).map((n) => n.body)).toEqual(['small']);
  });

  it('adds notes only on lessons the learner may open', async () => {
    const outsider = await createLearner(ctx);
    const paid = await as(outsider).create(PAID_LESSON, { kind: 'note', atSeconds: 1, body: 'x' });
    expect(paid.statusCode).toBe(403);
    expect(paid.json()).toEqual({
      detail: 'Please enroll in the course to access this lesson.',
      code: 'enrollment_required',
    });
    const unknown = await as(outsider).create('no-such-lesson', { kind: 'note', atSeconds: 1, body: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('lesson_not_found');

    const expired = await createLearner(ctx);
    await enroll(ctx, expired, COURSE, {
      accessType: 'weekly',
      expiresAt: new Date(ctx.clock.now.getTime() - 3600_000),
    });
    const late = await as(expired).create(PAID_LESSON, { kind: 'note', atSeconds: 1, body: 'x' });
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('access_expired');
    expect(await stored()).toEqual([]);

    const enrolled = await createLearner(ctx);
    await enroll(ctx, enrolled, COURSE);
    created(await as(enrolled).create(PAID_LESSON, { kind: 'note', atSeconds: 1, body: 'x' }));
  });

  it("keeps a learner's notes readable and editable after a week of access runs out", async () => {
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE, { accessType: 'weekly', expiresAt: new Date(ctx.clock.now.getTime() + 60_000) });
    const note = created(await as(learner).create(PAID_LESSON, { kind: 'note', atSeconds: 3, body: 'before' }));
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 120_000);
    expect((await as(learner).list()).json()).toEqual([note]);
    const edited = await as(learner).update(note.id, { body: 'after' });
    expect(edited.statusCode).toBe(200);
    expect((await as(learner).remove(note.id)).statusCode).toBe(204);
  });

  it('edits the text of a note and the label of a bookmark, each by its own rules', async () => {
    const learner = await createLearner(ctx);
    const note = created(await as(learner).create(FREE_LESSON, { kind: 'note', atSeconds: 10, body: 'first' }));
    const mark = created(await as(learner).create(FREE_LESSON, { kind: 'bookmark', atSeconds: 20 }));
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 5000);

    const edited = await as(learner).update(note.id, { body: ' second\nthoughts ' });
    expect(edited.statusCode).toBe(200);
    expect(noteSchema.parse(edited.json())).toEqual({
      ...note,
      body: 'second\nthoughts',
      updatedAt: ctx.clock.now.toISOString(),
    });
    const labelled = await as(learner).update(mark.id, { body: 'Worth a rewatch' });
    expect(labelled.json()).toMatchObject({ kind: 'bookmark', body: 'Worth a rewatch', atSeconds: 20 });
    // A bookmark's label may be cleared; a note may not be emptied, and a label stays short and on one line.
    expect((await as(learner).update(mark.id, { body: '' })).json().body).toBe('');
    for (const [id, body, detail] of [
      [note.id, '  ', 'Write something in the note.'],
      [note.id, 'a'.repeat(NOTE_LIMITS.body + 1), 'A note can be at most 2,000 characters.'],
      [mark.id, 'x'.repeat(NOTE_LIMITS.label + 1), "A bookmark's label can be at most 120 characters."],
      [mark.id, 'one\ntwo', "A bookmark's label must be on one line, without control characters."],
    ] as const) {
      const res = await as(learner).update(id, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail, code: 'invalid_note' });
    }
    for (const payload of [{}, { body: null }, { body: 'x', kind: 'bookmark' }, { body: 'x', atSeconds: 1 }]) {
      expect((await as(learner).update(note.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await stored(learner.id)).map((n) => n.body).sort()).toEqual(['', 'second\nthoughts']);
    expect((await as(learner).update('not-a-uuid', { body: 'x' })).statusCode).toBe(400);
  });

  it("never shows, edits or deletes another learner's note: 404 as if it did not exist", async () => {
    const owner = await createLearner(ctx);
    const intruder = await createLearner(ctx);
    const note = created(await as(owner).create(FREE_LESSON, { kind: 'note', atSeconds: 7, body: 'private' }));
    const notFound = { detail: NOTE_NOT_FOUND, code: 'note_not_found' };
    const edit = await as(intruder).update(note.id, { body: 'defaced' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual(notFound);
    const removal = await as(intruder).remove(note.id);
    expect(removal.statusCode).toBe(404);
    expect(removal.json()).toEqual(notFound);
    // The same answer as for an id nobody has.
    const nobody = await as(intruder).remove('00000000-0000-4000-8000-000000000000');
    expect(nobody.json()).toEqual(notFound);
    expect((await as(intruder).list()).json()).toEqual([]);
    expect((await as(owner).list()).json()).toEqual([note]);
  });

  it('deletes a note once', async () => {
    const learner = await createLearner(ctx);
    const note = created(await as(learner).create(FREE_LESSON, { kind: 'bookmark', atSeconds: 7 }));
    const res = await as(learner).remove(note.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await as(learner).remove(note.id)).statusCode).toBe(404);
    expect(await stored()).toEqual([]);
  });

  it(`keeps at most ${NOTE_LIMITS.perLesson} notes and bookmarks per learner and lesson, with a clear 409`, async () => {
    const learner = await createLearner(ctx);
    const other = await createLearner(ctx);
    await ctx.database.db.insert(lessonNotes).values(
      Array.from({ length: NOTE_LIMITS.perLesson - 1 }, (_, i) => ({
        userId: learner.id,
        lessonId: FREE_LESSON,
        courseId: COURSE,
        kind: 'bookmark' as const,
        atSeconds: i % 96,
      })),
    );
    created(await as(learner).create(FREE_LESSON, { kind: 'note', atSeconds: 1, body: 'the last one' }));
    const over = await as(learner).create(FREE_LESSON, { kind: 'bookmark', atSeconds: 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ detail: NOTE_LIMIT_REACHED, code: 'note_limit_reached' });
    expect(await stored(learner.id)).toHaveLength(NOTE_LIMITS.perLesson);
    // Another lesson, and another learner, have places of their own.
    created(await as(learner).create(SECOND_LESSON, { kind: 'bookmark', atSeconds: 1 }));
    created(await as(other).create(FREE_LESSON, { kind: 'bookmark', atSeconds: 1 }));
    // Deleting one frees a place.
    const [one] = await stored(learner.id);
    expect((await as(learner).remove(one?.id ?? '')).statusCode).toBe(204);
    created(await as(learner).create(FREE_LESSON, { kind: 'bookmark', atSeconds: 2 }));
  });

  it('lists a course in lesson order, then by second, then oldest first; only that course', async () => {
    const learner = await createLearner(ctx);
    const mine = as(learner);
    const add = async (lessonId: string, atSeconds: number, body: string) =>
      created(await mine.create(lessonId, { kind: 'note', atSeconds, body }));
    const later = await add(SECOND_LESSON, 5, 'second lesson');
    const end = await add(FREE_LESSON, 90, 'near the end');
    const first = await add(FREE_LESSON, 10, 'early');
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 1000);
    const sameSecond = await add(FREE_LESSON, 10, 'early, written later');
    await add('python-for-ai-01', 3, 'another course');
    expect((await mine.list()).json().map((n: { body: string }) => n.body)).toEqual(
      [first, sameSecond, end, later].map((n) => n.body),
    );
    expect((await mine.list('python-for-ai')).json()).toHaveLength(1);
  });

  it('answers 404 for a course that does not exist or is not published, except to its staff', async () => {
    const learner = await createLearner(ctx);
    const missing = await as(learner).list('no-such-course');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'We could not find that course.', code: 'course_not_found' });
    await ctx.database.db.update(courses).set({ published: false }).where(eq(courses.id, COURSE));
    expect((await as(learner).list()).statusCode).toBe(404);
    const support = await createLearner(ctx);
    await ctx.database.db.insert(userRoles).values({ userId: support.id, role: 'support', grantedAt: ctx.clock.now });
    expect((await as(support).list()).statusCode).toBe(200);
    created(await as(support).create(FREE_LESSON, { kind: 'bookmark', atSeconds: 1 }));
  });

  it('goes with the account: deleting it removes every note and bookmark, and no one else’s', async () => {
    const learner = await createLearner(ctx);
    const bystander = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    created(await as(learner).create(FREE_LESSON, { kind: 'note', atSeconds: 4, body: 'mine' }));
    created(await as(learner).create(PAID_LESSON, { kind: 'bookmark', atSeconds: 8 }));
    created(await as(bystander).create(FREE_LESSON, { kind: 'note', atSeconds: 4, body: 'theirs' }));
    expect(await stored(learner.id)).toHaveLength(2);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { cookie: learner.cookie, origin },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(lessonNotes).where(eq(lessonNotes.userId, learner.id))).toEqual([]);
    expect((await stored(bystander.id)).map((n) => n.body)).toEqual(['theirs']);
  });
});
