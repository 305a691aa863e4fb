import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  endpoints,
  MAX_RESOURCE_BYTES,
  RESOURCE_EXTENSIONS,
  RESOURCE_TYPES,
  resourceExtensionOf,
} from '@kaushal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkResourceFile } from '../../content/resource-check.ts';
import { route } from '../../lib/endpoint-route.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { actorOf, requireCourseEditor } from './access.ts';
import { addLessonResource, removeLessonResource, renameLessonResource, reorderLessonResources } from './resources.ts';

const WRITE_LIMIT = perLearnerRateLimit(120);
const TOO_LARGE = 'A lesson resource can be at most 100 MB.';
const ONLY_BYTES = "Send the file's bytes as the request body (Content-Type: application/octet-stream).";
/** Keys stay under the media store's 200 characters whatever the (up to 100-character) ids. */
const part = (id: string) => id.slice(0, 60);

/**
 * The console's lesson resources (issue 18): upload (the file streamed to disk with a hard 100 MB limit, checked,
 * then put in the media store), rename, reorder and remove. Admin, or an instructor of the course.
 */
export const adminResourceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadRoute);
  await app.register(editRoutes);
};

class TooLarge extends Error {}

/** Writes the request body to `file`, refusing it (413) once it passes the limit, without holding it in memory. */
async function receive(request: FastifyRequest, file: string): Promise<number> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_RESOURCE_BYTES) throw new AppError(413, 'resource_too_large', TOO_LARGE);
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > MAX_RESOURCE_BYTES) done(new TooLarge());
      else done(null, chunk);
    },
  });
  try {
    await pipeline(request.raw, limit, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof TooLarge) throw new AppError(413, 'resource_too_large', TOO_LARGE);
    throw badRequest('The upload was interrupted: send the file again.', 'upload_interrupted');
  }
  return size;
}

const uploadRoute: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, media, config } = app.deps;
  await mkdir(config.uploadsDir, { recursive: true });
  // The body stays a stream: the handler writes it to disk itself, counting bytes.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new AppError(415, 'unsupported_media_type', ONLY_BYTES));
  });

  route(app, endpoints.adminCreateResource, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    const { id: courseId, lessonId } = request.params;
    const { version, title, fileName } = request.query;
    const ext = resourceExtensionOf(fileName);
    if (!ext) {
      throw badRequest(`A lesson can offer ${RESOURCE_EXTENSIONS.join(', ')} files only.`, 'resource_type_refused');
    }
    if (request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== 'application/octet-stream') {
      throw new AppError(415, 'unsupported_media_type', ONLY_BYTES);
    }
    const incoming = path.join(config.uploadsDir, `resource-${randomBytes(16).toString('hex')}`);
    const size = await receive(request, incoming);
    try {
      if (size === 0) throw badRequest('This file is empty.', 'body_missing');
      const check = await checkResourceFile(incoming, ext, size);
      if (!check.ok) throw badRequest(check.detail, 'resource_invalid');
      const key = `uploads/${part(courseId)}/${part(lessonId)}-${randomBytes(6).toString('hex')}${ext}`;
      await media.put(key, { file: incoming });
      try {
        const course = await addLessonResource(
          db,
          actorOf(user),
          { courseId, lessonId, version },
          { title, fileName, contentType: RESOURCE_TYPES[ext], sizeBytes: size, mediaKey: key },
          clock(),
        );
        return reply.code(201).header('cache-control', 'private, no-store').send(course);
      } catch (error) {
        await media.remove(key).catch(() => {});
        throw error;
      }
    } finally {
      await rm(incoming, { force: true });
    }
  });
};

const editRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  route(app, endpoints.adminUpdateResource, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    const { id: courseId, lessonId, resourceId } = request.params;
    reply.header('cache-control', 'private, no-store');
    return renameLessonResource(
      db,
      actorOf(user),
      { courseId, lessonId, version: request.body.version },
      resourceId,
      request.body.title,
      clock(),
    );
  });

  route(app, endpoints.adminDeleteResource, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    const { id: courseId, lessonId, resourceId } = request.params;
    reply.header('cache-control', 'private, no-store');
    return removeLessonResource(
      db,
      actorOf(user),
      { courseId, lessonId, version: request.query.version },
      resourceId,
      clock(),
    );
  });

  route(app, endpoints.adminReorderResources, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    const { id: courseId, lessonId } = request.params;
    reply.header('cache-control', 'private, no-store');
    return reorderLessonResources(
      db,
      actorOf(user),
      { courseId, lessonId, version: request.body.version },
      request.body.resourceIds,
      clock(),
    );
  });
};
