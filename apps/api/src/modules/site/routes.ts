import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';

/**
 * Which optional third-party services the web app should load (ANALYTICS_ID, SESSION_RECORDING_ID,
 * CHAT_WIDGET_ID). Public: these ids end up in the page's script URLs anyway.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const body = {
    analyticsId: config.analyticsId ?? null,
    sessionRecordingId: config.sessionRecordingId ?? null,
    chatWidgetId: config.chatWidgetId ?? null,
  };

  route(app, endpoints.siteConfig, {}, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return body;
  });
};
