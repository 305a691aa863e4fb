import { API_PREFIX, apiPath, endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { rangeNotSatisfiable } from '../../lib/range-errors.ts';
import { pathOnlyRequestLog, requireUser } from '../auth/index.ts';
import { findPlayableLesson } from './lesson-access.ts';
import { checkResourceLink, signResourceLink } from './resource-links.ts';
import { attachmentHeader, findResource, servedContentType } from './resource-service.ts';

export const INVALID_RESOURCE_LINK =
  'This download link is not valid for your account. Download the file again from the lesson.';
export const EXPIRED_RESOURCE_LINK = 'This download link has expired. Download the file again from the lesson.';

/**
 * Lesson resources: a short-lived link for the signed-in learner (the lesson's own access rule: a free lesson
 * for anyone signed in, else enrolled), and the file itself for that same account while the link lives.
 */
export const resourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, media, config } = app.deps;
  /** The stored Content-Type of the file each download request is sending. */
  const typeOf = new WeakMap<object, string>();

  route(app, endpoints.lessonResourceUrl, {}, async (request, reply) => {
    const user = await requireUser(request);
    const now = clock();
    const resource = await findResource(db, request.params.id);
    await findPlayableLesson(db, resource.lessonId, user, now);
    const link = signResourceLink(config.mediaSigningSecret, resource.id, user.id, now);
    reply.header('cache-control', 'private, no-store');
    return {
      url: `${API_PREFIX}${apiPath(endpoints.lessonResourceFile, { id: resource.id }, { exp: link.exp, sig: link.sig })}`,
      expiresAt: link.expiresAt.toISOString(),
    };
  });

  route(
    app,
    endpoints.lessonResourceFile,
    {
      // The query string is a credential (for a few minutes): log the path only.
      logSerializers: pathOnlyRequestLog,
      // The file sender sets the type from the extension; the download's is the one stored with it.
      onSend: async (request, reply, payload) => {
        const type = typeOf.get(request);
        if (type && reply.statusCode < 300) reply.header('content-type', servedContentType(type));
        return payload;
      },
      errorHandler: rangeNotSatisfiable,
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const now = clock();
      // The link is checked before the resource is looked up: a forged one learns nothing about ids.
      const check = checkResourceLink(config.mediaSigningSecret, request.params.id, user.id, request.query, now);
      if (check === 'invalid') throw forbidden(INVALID_RESOURCE_LINK, 'resource_link_invalid');
      if (check === 'expired') throw new AppError(410, 'resource_link_expired', EXPIRED_RESOURCE_LINK);
      const resource = await findResource(db, request.params.id);
      // Access is asked again: a refund within the link's few minutes ends it too.
      await findPlayableLesson(db, resource.lessonId, user, now);
      typeOf.set(request, resource.contentType);
      reply.header('x-content-type-options', 'nosniff');
      // On S3 the bucket answers the redirect with this name and type (presigned response-content-*).
      return media.send(reply, resource.mediaKey, 'private, no-store', {
        contentDisposition: attachmentHeader(resource.fileName),
        contentType: servedContentType(resource.contentType),
      });
    },
  );
};
