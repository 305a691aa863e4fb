import { endpoints } from '@kaushal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { notFound } from '../../lib/errors.ts';
import { rangeNotSatisfiable } from '../../lib/range-errors.ts';
import { hashToken, requireUser, SESSION_COOKIE } from '../auth/index.ts';
import { findPlayableLesson } from '../learning/index.ts';
import { masterPlaylist } from './hls-access.ts';
import { hlsPrefix } from './transcode-job.ts';

const RENDITION = /^\d{2,4}p$/;
const SEGMENT = /^seg-\d{5}\.ts$/;
const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const FILE_NOT_FOUND = () => notFound('This video file was not found.', 'not_found');

/** The sign-in cookie's hash, which HLS tokens are bound to (null without a cookie). */
export function cookieHashOf(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token ? hashToken(token) : null;
}

/** The token is a credential in the path: the request log shows the route's shape, not the token. */
const redactedHlsLog = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: req.url.replace(/\/hls\/[^/?]+/, '/hls/[token]').replace(/\?.*$/, ''),
    host: req.host,
    remoteAddress: req.ip,
  }),
};

/**
 * The adaptive stream's routes (decision 034): a token renewal that checks access again, the master playlist and
 * poster, the renditions' playlists and segments. Segments cost one HMAC and `media.send` (local: a file with
 * Range; S3: a redirect to a presigned URL).
 */
export const streamingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, media, hlsAccess } = app.deps;

  route(app, endpoints.lessonHlsToken, {}, async (request, reply) => {
    const user = await requireUser(request);
    const now = clock();
    // Access is checked again: a refunded or expired enrollment gets no new token, and its lease runs out.
    const { lesson } = await findPlayableLesson(db, request.params.id, user, now);
    reply.header('cache-control', 'private, no-store');
    return hlsAccess.renew(lesson, request.query.sessionId, user.id, cookieHashOf(request) ?? '', now);
  });

  route(app, endpoints.hlsFile, { logSerializers: redactedHlsLog }, async (request, reply) => {
    const { token, name: file } = request.params;
    const claims = await hlsAccess.authorise(token, cookieHashOf(request), clock());
    const renditions = await hlsAccess.renditions(claims.setId);
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (file === 'master.m3u8') {
      return reply
        .type(PLAYLIST_TYPE)
        .header('cache-control', 'private, no-cache')
        .send(masterPlaylist(renditions, request.query.cap));
    }
    if (file === 'poster.jpg')
      return media.send(reply, `${hlsPrefix(claims.setId)}/poster.jpg`, 'private, max-age=3600');
    throw FILE_NOT_FOUND();
  });

  route(
    app,
    endpoints.hlsRenditionFile,
    { logSerializers: redactedHlsLog, errorHandler: rangeNotSatisfiable },
    async (request, reply) => {
      const { token, name: rendition, file } = request.params;
      if (!RENDITION.test(rendition) || !(file === 'index.m3u8' || SEGMENT.test(file))) throw FILE_NOT_FOUND();
      const claims = await hlsAccess.authorise(token, cookieHashOf(request), clock());
      reply.header('cross-origin-resource-policy', 'cross-origin');
      if (file === 'index.m3u8') {
        const playlist = (await hlsAccess.renditions(claims.setId)).find((r) => r.label === rendition)?.playlist;
        if (!playlist) throw FILE_NOT_FOUND();
        return reply.type(PLAYLIST_TYPE).header('cache-control', 'private, max-age=3600').send(playlist);
      }
      // Segments never change under their key (a new transcode is a new set): cacheable by this browser.
      return media.send(reply, `${hlsPrefix(claims.setId)}/${rendition}/${file}`, 'private, max-age=86400');
    },
  );
};
