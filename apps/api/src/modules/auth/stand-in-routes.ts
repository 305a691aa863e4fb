import { oauthProviderSchema } from '@kaushal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEMO_ADMIN } from '../../config.ts';
import { callbackUrl, type OAuthProvider, type ProviderId } from '../../providers/oauth/index.ts';
import { type StandInProvider, standInPath } from '../../providers/oauth/stand-in.ts';
import { DEV_MAILBOX_PATH, hasDevMailbox } from '../mail/index.ts';
import { pathOnlyRequestLog } from './log-serializers.ts';
import { AUTH_RATE_LIMITS } from './rate-limits.ts';
import { renderStandInPage } from './stand-in-page.ts';

/** A state or PKCE challenge as arctic makes them (base64url); anything else did not come from our login. */
const token = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');
const pageQuerySchema = z.object({ state: token, code_challenge: token });
const formSchema = z.object({
  state: token,
  code_challenge: token,
  action: z.enum(['allow', 'deny']),
  name: z.string().max(1000).optional(),
  email: z.string().max(1000).optional(),
});
const personSchema = z.object({
  // On one line, without control characters, as a name edited later must be (a NUL cannot be stored at all).
  name: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .refine((name) => !/\p{Cc}/u.test(name)),
  email: z.email().max(254),
});
const paramsSchema = z.object({ provider: oauthProviderSchema });

const ENV_PREFIX: Record<ProviderId, string> = { google: 'GOOGLE', github: 'GITHUB' };

/**
 * The development stand-in's "provider" pages, answering only while the stand-ins run (no real provider
 * configured, outside production, a loopback PUBLIC_URL; 404 otherwise): GET shows the sign-in form; POST plays
 * the provider's consent and redirects to the normal callback with a signed code (or error=access_denied for
 * Cancel), so the callback's checks all run.
 */
export function standInRoutes(providers: Record<ProviderId, OAuthProvider | null>): FastifyPluginAsyncZod {
  return async (app) => {
    const { config, site } = app.deps;
    const mailboxPath = hasDevMailbox(app.deps) ? DEV_MAILBOX_PATH : undefined;
    const standIn = (id: ProviderId): StandInProvider | null => {
      const provider = providers[id];
      return provider?.standIn ? (provider as StandInProvider) : null;
    };

    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    const sendPage = (
      reply: FastifyReply,
      status: number,
      provider: StandInProvider,
      fields: { state: string; codeChallenge: string; name?: string; email?: string; error?: string },
    ) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          // The form posts here, then the browser follows redirects to the callback and the SPA.
          `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${config.webOrigin}; frame-ancestors 'none'; base-uri 'none'`,
        )
        .send(
          renderStandInPage({
            productName: site.productName,
            providerLabel: provider.label,
            envPrefix: ENV_PREFIX[provider.id],
            action: standInPath(provider.id),
            mailboxPath,
            ...(config.adminEmails.includes(DEMO_ADMIN.email) ? { demoAdmin: DEMO_ADMIN } : {}),
            ...fields,
          }),
        );

    app.get(
      '/auth/dev/:provider',
      {
        schema: { hide: true, params: paramsSchema, querystring: pageQuerySchema },
        logSerializers: pathOnlyRequestLog,
        config: { rateLimit: AUTH_RATE_LIMITS.standIn },
      },
      async (request, reply) => {
        const provider = standIn(request.params.provider);
        if (!provider) return reply.callNotFound();
        return sendPage(reply, 200, provider, {
          state: request.query.state,
          codeChallenge: request.query.code_challenge,
        });
      },
    );

    app.post(
      '/auth/dev/:provider',
      {
        schema: { hide: true, params: paramsSchema, body: formSchema },
        logSerializers: pathOnlyRequestLog,
        config: { rateLimit: AUTH_RATE_LIMITS.standIn },
      },
      async (request, reply) => {
        const provider = standIn(request.params.provider);
        if (!provider) return reply.callNotFound();
        const { state, code_challenge: codeChallenge, action, name, email } = request.body;
        const target = new URL(callbackUrl(config, provider.id));
        target.searchParams.set('state', state);
        if (action === 'deny') {
          target.searchParams.set('error', 'access_denied');
          return reply.redirect(target.toString(), 303);
        }
        const person = personSchema.safeParse({ name, email });
        if (!person.success) {
          return sendPage(reply, 400, provider, {
            state,
            codeChallenge,
            name: name ?? '',
            email: email ?? '',
            error: 'Enter a name (up to 80 characters) and a valid email address.',
          });
        }
        target.searchParams.set('code', provider.issueCode(person.data, codeChallenge));
        return reply.redirect(target.toString(), 303);
      },
    );
  };
}
