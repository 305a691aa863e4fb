import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { courseDetailSchema, lessonDetailSchema, signedResourceSchema } from '@kaushal/contract';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestContext, useTestApp } from '../../../test/app.ts';
import { lessonResources } from '../../db/schema.ts';
import { advance, asLearner, createLearner, enroll } from './test-support.ts';

const COURSE = 'rag-from-scratch';
const FREE_LESSON = 'rag-from-scratch-01';
const PAID_LESSON = 'rag-from-scratch-03';
const NOTEBOOK = Buffer.from(
  JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [{ cell_type: 'code', source: 'print(1)' }] }),
);

/** A resource of `lessonId` whose bytes are in the media store (as a console upload puts them). */
async function addResource(ctx: TestContext, lessonId: string, bytes = NOTEBOOK) {
  const key = `uploads/${COURSE}/${lessonId}-${randomBytes(6).toString('hex')}.ipynb`;
  await ctx.app.deps.media.put(key, { bytes });
  const [row] = await ctx.database.db
    .insert(lessonResources)
    .values({
      lessonId,
      position: 99,
      title: 'Notebook: Chunking strategies compared',
      fileName: 'chunking (week 1).ipynb',
      mediaKey: key,
      contentType: 'application/x-ipynb+json',
      sizeBytes: bytes.length,
    })
    .returning();
  if (!row) throw new Error('no resource');
  return row;
}

const linkOf = (res: { json(): unknown }) => signedResourceSchema.parse(res.json()).url;

describe('lesson resources: listed with the lesson, downloaded through a link bound to the account', () => {
  const ctx = useTestApp();

  it('lists a lesson’s resources on the course page and in the player, locked or not', async () => {
    const resource = await addResource(ctx, PAID_LESSON);
    const shown = {
      id: resource.id,
      title: 'Notebook: Chunking strategies compared',
      fileName: 'chunking (week 1).ipynb',
      contentType: 'application/x-ipynb+json',
      sizeBytes: NOTEBOOK.length,
    };
    const course = courseDetailSchema.parse((await asLearner(ctx, null).get(`/api/v1/courses/${COURSE}`)).json());
    expect(course.lessons.find((l) => l.id === PAID_LESSON)?.resources).toContainEqual(shown);

    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    const lesson = lessonDetailSchema.parse(
      (await asLearner(ctx, learner).get(`/api/v1/lessons/${PAID_LESSON}`)).json(),
    );
    expect(lesson.resources).toContainEqual(shown);
  });

  it('gives an enrolled learner a 5-minute link that downloads the bytes as an attachment, with Range', async () => {
    const resource = await addResource(ctx, PAID_LESSON);
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    const as = asLearner(ctx, learner);
    const res = await as.get(`/api/v1/resources/${resource.id}/signed-url`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { url, expiresAt } = signedResourceSchema.parse(res.json());
    expect(url).toMatch(new RegExp(`^/api/v1/resources/${resource.id}/file\\?exp=\\d+&sig=[\\w-]{43}$`));
    expect(new Date(expiresAt).getTime() - ctx.clock.now.getTime()).toBeLessThanOrEqual(5 * 60 * 1000);

    const file = await as.get(url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(NOTEBOOK)).toBe(true);
    expect(file.headers['content-type']).toBe('application/x-ipynb+json');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="chunking (week 1).ipynb"; filename*=UTF-8''chunking%20(week%201).ipynb`,
    );
    expect(file.headers['cache-control']).toBe('private, no-store');

    const part = await as.get(url, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(NOTEBOOK.subarray(0, 10))).toBe(true);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${NOTEBOOK.length}`);
  });

  it('refuses a paid lesson’s resource to a learner who is not enrolled (403), before any link exists', async () => {
    const resource = await addResource(ctx, PAID_LESSON);
    const learner = await createLearner(ctx);
    const res = await asLearner(ctx, learner).get(`/api/v1/resources/${resource.id}/signed-url`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Please enroll in the course to access this lesson.',
      code: 'enrollment_required',
    });
  });

  it('offers a free lesson’s resource to any signed-in learner, and to nobody signed out (401)', async () => {
    const resource = await addResource(ctx, FREE_LESSON);
    const signedOut = await asLearner(ctx, null).get(`/api/v1/resources/${resource.id}/signed-url`);
    expect(signedOut.statusCode).toBe(401);
    const learner = await createLearner(ctx);
    const as = asLearner(ctx, learner);
    const url = linkOf(await as.get(`/api/v1/resources/${resource.id}/signed-url`));
    expect((await as.get(url)).statusCode).toBe(200);
    // The link alone is not enough: the download is for a signed-in account.
    expect((await asLearner(ctx, null).get(url)).statusCode).toBe(401);
  });

  it('refuses a link used by another account (403) and one past its 5 minutes (410), each with a clear error', async () => {
    const resource = await addResource(ctx, FREE_LESSON);
    const owner = await createLearner(ctx);
    const other = await createLearner(ctx);
    const url = linkOf(await asLearner(ctx, owner).get(`/api/v1/resources/${resource.id}/signed-url`));

    const reused = await asLearner(ctx, other).get(url);
    expect(reused.statusCode).toBe(403);
    expect(reused.json()).toEqual({
      detail: 'This download link is not valid for your account. Download the file again from the lesson.',
      code: 'resource_link_invalid',
    });

    advance(ctx, 5 * 60 - 1);
    expect((await asLearner(ctx, owner).get(url)).statusCode).toBe(200);
    advance(ctx, 1);
    const expired = await asLearner(ctx, owner).get(url);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      detail: 'This download link has expired. Download the file again from the lesson.',
      code: 'resource_link_expired',
    });
    // Another account holding the expired link learns only that it is not theirs.
    expect((await asLearner(ctx, other).get(url)).statusCode).toBe(403);
  });

  it('refuses a tampered or missing signature (403), and a link to another resource (403)', async () => {
    const resource = await addResource(ctx, FREE_LESSON);
    const second = await addResource(ctx, FREE_LESSON);
    const learner = await createLearner(ctx);
    const as = asLearner(ctx, learner);
    const url = linkOf(await as.get(`/api/v1/resources/${resource.id}/signed-url`));
    const sig = new URL(url, 'http://x').searchParams.get('sig') ?? '';
    const tampered = url.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    expect((await as.get(tampered)).statusCode).toBe(403);
    expect((await as.get(`/api/v1/resources/${resource.id}/file`)).statusCode).toBe(403);
    expect((await as.get(url.replace(resource.id, second.id))).statusCode).toBe(403);
  });

  it('downloads a notebook the content ships, byte for byte, as a notebook', async () => {
    const [shipped] = await ctx.database.db
      .select({ id: lessonResources.id, lessonId: lessonResources.lessonId, mediaKey: lessonResources.mediaKey })
      .from(lessonResources)
      .where(and(like(lessonResources.mediaKey, 'resources/%'), eq(lessonResources.lessonId, PAID_LESSON)));
    if (!shipped) throw new Error(`the content ships no notebook for ${PAID_LESSON}`);
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE);
    const as = asLearner(ctx, learner);
    const file = await as.get(linkOf(await as.get(`/api/v1/resources/${shipped.id}/signed-url`)));
    expect(file.statusCode).toBe(200);
    const onDisk = await readFile(
      path.join(ctx.app.deps.config.contentDir, 'resources', shipped.mediaKey.slice('resources/'.length)),
    );
    expect(file.rawPayload.equals(onDisk)).toBe(true);
    expect(JSON.parse(file.body)).toMatchObject({ nbformat: 4, cells: expect.any(Array) });
  });

  it('answers 404 for an unknown resource and 400 for an id that is not one', async () => {
    const learner = await createLearner(ctx);
    const unknown = await asLearner(ctx, learner).get(`/api/v1/resources/${randomUUID()}/signed-url`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'We could not find that file.', code: 'resource_not_found' });
    expect((await asLearner(ctx, learner).get('/api/v1/resources/not-a-uuid/signed-url')).statusCode).toBe(400);
  });

  it('stops a held link once the learner’s access ends (checked again on download)', async () => {
    const resource = await addResource(ctx, PAID_LESSON);
    const learner = await createLearner(ctx);
    await enroll(ctx, learner, COURSE, { accessType: 'weekly', expiresAt: new Date(ctx.clock.now.getTime() + 60_000) });
    const as = asLearner(ctx, learner);
    const url = linkOf(await as.get(`/api/v1/resources/${resource.id}/signed-url`));
    advance(ctx, 61);
    expect((await as.get(url)).statusCode).toBe(403);
  });
});
