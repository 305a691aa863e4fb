import { randomUUID } from 'node:crypto';
import { adminCourseDetailSchema, courseDetailSchema, MAX_RESOURCE_BYTES } from '@kaushal/contract';
import { and, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import type { Learner } from '../../../test/payments.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import { auditLog, courseInstructors, lessonResources } from '../../db/schema.ts';

/** A published course (seeded): every content edit waits in its draft until Publish (decision 021). */
const COURSE = 'rag-from-scratch';
const LESSON = 'rag-from-scratch-02';
const NOTEBOOK = JSON.stringify({
  nbformat: 4,
  nbformat_minor: 5,
  metadata: { kernelspec: { name: 'python3' } },
  cells: [{ cell_type: 'code', source: ['import numpy as np\n'], metadata: {}, outputs: [], execution_count: null }],
});

describe('console: a lesson’s downloadable resources', () => {
  const ctx = useTestApp();
  // The lesson starts without files, whatever the shipped content gives it.
  beforeEach(async () => {
    await ctx.database.db.delete(lessonResources).where(eq(lessonResources.lessonId, LESSON));
  });

  const courseOf = async (who: Learner) =>
    adminCourseDetailSchema.parse((await callAs(ctx, who, 'GET', `/admin/courses/${COURSE}`)).json());
  const resourcesOf = (course: { lessons: Array<{ id: string; resources: Array<{ id: string; title: string }> }> }) =>
    course.lessons.find((l) => l.id === LESSON)?.resources ?? [];

  function upload(who: Learner | null, body: Buffer | string, query: Record<string, string | number>, type?: string) {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/courses/${COURSE}/lessons/${LESSON}/resources?${search}`,
      headers: {
        origin: TEST_ORIGIN,
        'content-type': type ?? 'application/octet-stream',
        ...(who ? { cookie: who.cookie } : {}),
      },
      payload: body,
    });
  }

  it('uploads, renames, reorders and removes resources in the draft; learners get them on Publish', async () => {
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    let course = await courseOf(admin);

    const first = await upload(admin, NOTEBOOK, {
      version: course.version,
      title: 'Notebook',
      fileName: 'rag 02.ipynb',
    });
    expect(first.statusCode, first.body).toBe(201);
    course = adminCourseDetailSchema.parse(first.json());
    expect(resourcesOf(course)).toEqual([
      {
        id: expect.any(String),
        title: 'Notebook',
        fileName: 'rag 02.ipynb',
        contentType: 'application/x-ipynb+json',
        sizeBytes: Buffer.byteLength(NOTEBOOK),
      },
    ]);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100, 0x20)]);
    const second = await upload(admin, pdf, { version: course.version, title: 'Slides', fileName: 'slides.pdf' });
    expect(second.statusCode, second.body).toBe(201);
    course = adminCourseDetailSchema.parse(second.json());
    const [notebook, slides] = resourcesOf(course);
    if (!notebook || !slides) throw new Error('two resources expected');

    // Learners still see the lesson as published: without the new files.
    const before = courseDetailSchema.parse((await callAs(ctx, null, 'GET', `/courses/${COURSE}`)).json());
    expect(before.lessons.find((l) => l.id === LESSON)?.resources).toEqual([]);

    const renamed = await callAs(
      ctx,
      admin,
      'PATCH',
      `/admin/courses/${COURSE}/lessons/${LESSON}/resources/${slides.id}`,
      {
        version: course.version,
        title: 'Slides (PDF)',
      },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    course = adminCourseDetailSchema.parse(renamed.json());
    const reordered = await callAs(ctx, admin, 'PUT', `/admin/courses/${COURSE}/lessons/${LESSON}/resource-order`, {
      version: course.version,
      resourceIds: [slides.id, notebook.id],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    course = adminCourseDetailSchema.parse(reordered.json());
    expect(resourcesOf(course).map((r) => r.title)).toEqual(['Slides (PDF)', 'Notebook']);

    const published = await callAs(ctx, admin, 'POST', `/admin/courses/${COURSE}/publish`, { version: course.version });
    expect(published.statusCode, published.body).toBe(200);
    course = adminCourseDetailSchema.parse(published.json());
    const live = courseDetailSchema.parse((await callAs(ctx, null, 'GET', `/courses/${COURSE}`)).json());
    expect(live.lessons.find((l) => l.id === LESSON)?.resources.map((r) => [r.id, r.title])).toEqual([
      [slides.id, 'Slides (PDF)'],
      [notebook.id, 'Notebook'],
    ]);

    // A removal after publishing opens a new draft; the published lesson keeps the file until Publish.
    const removed = await callAs(
      ctx,
      admin,
      'DELETE',
      `/admin/courses/${COURSE}/lessons/${LESSON}/resources/${slides.id}?version=${course.version}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    course = adminCourseDetailSchema.parse(removed.json());
    expect(resourcesOf(course).map((r) => r.title)).toEqual(['Notebook']);
    const still = courseDetailSchema.parse((await callAs(ctx, null, 'GET', `/courses/${COURSE}`)).json());
    expect(still.lessons.find((l) => l.id === LESSON)?.resources).toHaveLength(2);

    const actions = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, LESSON), like(auditLog.action, 'lesson.resource%')));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'lesson.resource_add',
      'lesson.resource_add',
      'lesson.resource_order',
      'lesson.resource_remove',
      'lesson.resource_rename',
    ]);
  });

  it.each([
    ['a type not offered', 'tool.exe', 'MZ', 400, /\.ipynb, \.pdf, \.csv/],
    ['a notebook that is not JSON', 'broken.ipynb', '{ "cells": [', 400, /not a Jupyter notebook/],
    ['JSON that is not a notebook', 'fake.ipynb', '{"hello": "world"}', 400, /not a Jupyter notebook/],
    ['an old nbformat', 'old.ipynb', '{"nbformat": 3, "nbformat_minor": 0, "worksheets": []}', 400, /nbformat 3/],
    ['a PDF without its signature', 'slides.pdf', '<html>not a pdf</html>', 400, /not a PDF/],
    ['a ZIP that is not one', 'data.zip', 'hello', 400, /not a ZIP/],
    ['a Parquet file that is not one', 'data.parquet', 'PAR1 but not at the end', 400, /not a Parquet/],
    ['invalid JSON', 'data.json', '{nope', 400, /not valid JSON/],
    ['text that is not UTF-8', 'notes.md', Buffer.from([0x23, 0x20, 0xff, 0xfe]), 400, /not UTF-8/],
    ['an empty file', 'empty.csv', '', 400, /empty/],
  ])('refuses %s with a clear message, and stores nothing', async (_name, fileName, body, status, detail) => {
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    const { version } = await courseOf(admin);
    const res = await upload(admin, typeof body === 'string' ? Buffer.from(body) : body, {
      version,
      title: 'A file',
      fileName,
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().detail).toMatch(detail);
    expect(await ctx.database.db.select().from(lessonResources).where(eq(lessonResources.lessonId, LESSON))).toEqual(
      [],
    );
  });

  it('refuses a body that is not application/octet-stream (415) and a file over 100 MB (413)', async () => {
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    const { version } = await courseOf(admin);
    const query = { version, title: 'Data', fileName: 'data.csv' };
    const json = await upload(admin, '{"a":1}', query, 'application/json');
    expect(json.statusCode).toBe(415);
    const large = await upload(admin, Buffer.alloc(MAX_RESOURCE_BYTES + 1, 0x61), query);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ detail: 'A lesson resource can be at most 100 MB.', code: 'resource_too_large' });
  });

  it('refuses a stale version (409), an unknown lesson or resource (404), and a reorder that is not the whole list', async () => {
    const admin = await createStaff(ctx, 'Ada Admin', 'admin');
    let { version } = await courseOf(admin);
    const added = await upload(admin, NOTEBOOK, { version, title: 'Notebook', fileName: 'a.ipynb' });
    const course = adminCourseDetailSchema.parse(added.json());
    version = course.version;
    const stale = await upload(admin, NOTEBOOK, { version: version - 1, title: 'Notebook', fileName: 'b.ipynb' });
    expect(stale.statusCode).toBe(409);
    const noLesson = await callAs(
      ctx,
      admin,
      'PATCH',
      `/admin/courses/${COURSE}/lessons/nope/resources/${randomUUID()}`,
      {
        version,
        title: 'x',
      },
    );
    expect(noLesson.statusCode).toBe(404);
    const noResource = await callAs(
      ctx,
      admin,
      'DELETE',
      `/admin/courses/${COURSE}/lessons/${LESSON}/resources/${randomUUID()}?version=${version}`,
    );
    expect(noResource.statusCode).toBe(404);
    expect(noResource.json().code).toBe('resource_not_found');
    const partial = await callAs(ctx, admin, 'PUT', `/admin/courses/${COURSE}/lessons/${LESSON}/resource-order`, {
      version,
      resourceIds: [resourcesOf(course)[0]?.id, resourcesOf(course)[0]?.id],
    });
    expect(partial.statusCode).toBe(409);
  });

  it('lets only admins and the course’s instructors write (support reads; learners and others are refused)', async () => {
    const instructor = await createStaff(ctx, 'Ivy Instructor', 'instructor');
    const otherInstructor = await createStaff(ctx, 'Otto Other', 'instructor');
    const support = await createStaff(ctx, 'Sam Support', 'support');
    const learner = await createStaff(ctx, 'Lee Learner');
    await ctx.database.db.insert(courseInstructors).values({ courseId: COURSE, userId: instructor.id });
    const { version } = await courseOf(support);
    const query = { version, title: 'Notebook', fileName: 'n.ipynb' };
    expect((await upload(null, NOTEBOOK, query)).statusCode).toBe(401);
    for (const who of [learner, support, otherInstructor]) {
      expect((await upload(who, NOTEBOOK, query)).statusCode).toBe(403);
    }
    expect((await upload(instructor, NOTEBOOK, query)).statusCode).toBe(201);
  });
});
