import { endpoints, oauthProviderSchema } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { failureText, PROVIDER_LABELS } from '../../providers/oauth/index.ts';
import { pathOnlyRequestLog } from './log-serializers.ts';
import { completeSignIn, startSignIn } from './oauth-flow.ts';
import { AUTH_RATE_LIMITS } from './rate-limits.ts';
import { clearSessionCookie, deleteSession, hashToken, requireUser, SESSION_COOKIE } from './session.ts';
import { standInRoutes } from './stand-in-routes.ts';

/**
 * Sign-in with Google and GitHub (authorization code + PKCE), the session probe and logout. Both the login
 * and the callback are browser navigations, so they answer with redirects, never JSON: failures land on the
 * SPA's /login?error=<text>.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, oauthProviders: providers } = app.deps;
  const notConfigured = (provider: keyof typeof PROVIDER_LABELS) => {
    const target = new URL('/login', config.webOrigin);
    target.searchParams.set('error', failureText('not_configured', PROVIDER_LABELS[provider]));
    return target.toString();
  };

  route(app, endpoints.authLogin, { config: { rateLimit: AUTH_RATE_LIMITS.start } }, async (request, reply) => {
    const provider = providers[request.params.provider];
    reply.header('cache-control', 'no-store');
    if (!provider) {
      // A provider without credentials where stand-ins may not run (production, or another provider is real).
      request.log.warn({ provider: request.params.provider }, 'sign-in provider is not configured');
      return reply.redirect(notConfigured(request.params.provider));
    }
    return reply.redirect(startSignIn(reply, provider));
  });

  route(
    app,
    endpoints.authCallback,
    {
      // A malformed callback is a failed sign-in like any other: the learner goes back to /login with a message.
      attachValidation: true,
      logSerializers: pathOnlyRequestLog,
      config: { rateLimit: AUTH_RATE_LIMITS.callback },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const id = oauthProviderSchema.safeParse((request.params as { provider?: unknown }).provider);
      if (!id.success) return reply.code(404).send({ detail: 'There is no such sign-in provider.', code: 'not_found' });
      const provider = providers[id.data];
      if (!provider) return reply.redirect(notConfigured(id.data));
      const query = request.validationError ? { error: 'invalid_request' } : request.query;
      return reply.redirect(await completeSignIn(request, reply, provider, query));
    },
  );

  route(app, endpoints.authMe, { config: { rateLimit: AUTH_RATE_LIMITS.me } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await requireUser(request);
    return { id: user.id, email: user.email, name: user.name, avatarUrl: user.avatarUrl, roles: user.roles };
  });

  route(app, endpoints.authLogout, { config: { rateLimit: AUTH_RATE_LIMITS.logout } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(db, hashToken(token));
    clearSessionCookie(reply);
    return reply.code(204).send(null);
  });

  await app.register(standInRoutes(providers));
};
