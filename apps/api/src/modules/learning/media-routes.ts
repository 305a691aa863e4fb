import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { rangeNotSatisfiable } from '../../lib/range-errors.ts';
import { checkMediaSignature } from '../../providers/media/media-signature.ts';
import { isValidMediaKey } from '../../providers/media/media-store.ts';
import { pathOnlyRequestLog } from '../auth/index.ts';

export const INVALID_LINK = 'This video link is not valid. Reopen the lesson to get a new one.';
export const EXPIRED_LINK = 'This video link has expired. Reopen the lesson to get a new one.';

/**
 * Answers a signed, unexpired media URL (see local-media-store.ts): the local store streams the file, with Range
 * (206 with Content-Range, 416 beyond the end), ETag and Content-Type from @fastify/static; the S3 store redirects
 * to a presigned bucket URL (decision 033).
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, clock, media } = app.deps;

  route(
    app,
    endpoints.media,
    {
      // The query string is the credential (a signature valid for hours): log the path only.
      logSerializers: pathOnlyRequestLog,
      errorHandler: rangeNotSatisfiable,
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isValidMediaKey(key)) throw badRequest('This media path is not valid.', 'invalid_media_path');
      const { exp, sig } = request.query;
      const expiresAt = exp && /^\d{1,12}$/.test(exp) ? Number(exp) : null;
      if (expiresAt === null || !sig) throw forbidden(INVALID_LINK, 'media_link_invalid');
      const check = checkMediaSignature(config.mediaSigningSecret, key, expiresAt, sig, clock());
      if (check === 'invalid') throw forbidden(INVALID_LINK, 'media_link_invalid');
      if (check === 'expired') throw forbidden(EXPIRED_LINK, 'media_link_expired');

      const remaining = Math.max(0, expiresAt - Math.floor(clock().getTime() / 1000));
      // The signature is the access check, so a separately hosted front end may load it.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      // Private: the URL is a credential. The browser may reuse bytes only while the link is valid.
      return media.send(reply, key, `private, max-age=${Math.min(remaining, 3600)}`);
    },
  );
};
