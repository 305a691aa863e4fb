import { paymentOrderSchema, signedVideoSchema } from '@kaushal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOAuth, startFakeOAuth } from '../../../../e2e/support/fake-oauth.ts';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import { loadCatalogue, loadSiteConfig } from '../../src/content/load.ts';
import { seedCatalogue } from '../../src/content/seed.ts';
import { cookieJar, runSignIn } from '../../src/modules/auth/test-support.ts';
import { unsubscribeUrl } from '../../src/modules/mail/unsubscribe.ts';
import { TEST_ORIGIN, testConfig } from '../app.ts';
import { resetDatabase, testDatabase } from '../db.ts';
import { type FakeRazorpay, startFakeRazorpay } from '../fake-razorpay.ts';
import { hmac } from '../payments.ts';

/**
 * A whole learner's journey through the production logger (its redaction included, at the most verbose
 * level): sign-in through the OAuth provider, a failed sign-in, payment, a forged and a genuine verify,
 * webhooks, signed media, progress, events, an operator's backup and logout. Not one secret may appear in what was logged.
 */
const lines: string[] = [];
let app: FastifyInstance;
let config: Config;
let oauth: FakeOAuth;
let razorpay: FakeRazorpay;

beforeAll(async () => {
  oauth = await startFakeOAuth();
  razorpay = await startFakeRazorpay();
  config = testConfig({
    ...oauth.env,
    RAZORPAY_KEY_ID: razorpay.keyId,
    RAZORPAY_KEY_SECRET: razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
    RAZORPAY_API_BASE: razorpay.url,
    LOG_LEVEL: 'trace',
  });
  const database = await testDatabase();
  await resetDatabase(database);
  await seedCatalogue(database.db, (await loadCatalogue(config.contentDir)).courses);
  app = await buildApp({
    config,
    database,
    site: await loadSiteConfig(config.contentDir),
    logStream: { write: (line) => lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await oauth?.stop();
  await razorpay?.close();
});

describe('secrets never reach the logs', () => {
  it('logs a full journey without a cookie, token, OAuth code, signature or key', async () => {
    const secrets: Array<[string, string]> = [];
    const keep = (label: string, value: string | undefined | null) => {
      expect(value, label).toBeTruthy();
      secrets.push([label, String(value)]);
    };

    const signIn = await runSignIn(app, oauth, 'google', { name: 'Log Learner', email: 'log.learner@example.com' });
    keep('session token', signIn.sessionToken);
    keep('OAuth code', signIn.providerRedirect.searchParams.get('code'));
    keep('OAuth state', signIn.providerRedirect.searchParams.get('state'));
    for (const pair of cookieJar(signIn.start).split('; ')) keep('OAuth flow cookie', pair.split('=')[1]);
    const failed = await runSignIn(app, oauth, 'github', {
      name: 'Log Learner',
      email: 'log.learner@example.com',
      failTokenExchange: true,
    });
    keep('failed OAuth code', failed.providerRedirect.searchParams.get('code'));
    const cookie = `kaushal_session=${signIn.sessionToken}`;
    const headers = { cookie, origin: TEST_ORIGIN };

    expect((await app.inject({ url: '/api/v1/auth/me', headers })).statusCode).toBe(200);

    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/create-order',
      headers,
      payload: { courseId: 'computer-vision', pricingTierId: 'computer-vision-lifetime' },
    });
    const order = paymentOrderSchema.parse(created.json());
    const paymentId = 'pay_LOGJOURNEY00001';
    const signature = hmac(razorpay.keySecret, `${order.orderId}|${paymentId}`);
    const forged = hmac('a-guessed-secret', `${order.orderId}|${paymentId}`);
    keep('payment signature', signature);
    keep('forged payment signature', forged);
    const verify = (razorpay_signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payments/verify',
        headers,
        payload: { razorpay_order_id: order.orderId, razorpay_payment_id: paymentId, razorpay_signature },
      });
    expect((await verify(forged)).statusCode).toBe(400);
    expect((await verify(signature)).statusCode).toBe(200);

    const event = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: paymentId, order_id: order.orderId, amount: order.amount, currency: 'INR' } },
      },
    });
    const webhookSignature = hmac(razorpay.webhookSecret, event);
    keep('webhook signature', webhookSignature);
    for (const sig of [webhookSignature, hmac('wrong', event)]) {
      await app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig },
        payload: event,
      });
    }

    const signed = signedVideoSchema.parse(
      (await app.inject({ url: '/api/v1/lessons/computer-vision-02/signed-url', headers })).json(),
    );
    keep('media link signature', new URL(signed.url, TEST_ORIGIN).searchParams.get('sig'));
    expect((await app.inject({ url: signed.url, headers: { range: 'bytes=0-99' } })).statusCode).toBe(206);
    await app.inject({
      method: 'PUT',
      url: '/api/v1/lessons/computer-vision-02/progress',
      headers,
      payload: { watchSeconds: 10, completed: false },
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/lessons/computer-vision-02/events',
      headers,
      payload: [{ sessionId: signed.sessionId, eventType: 'play', positionSec: 0 }],
    });
    // A request with someone else's forged session and bearer token, logged like any other.
    await app.inject({
      url: '/api/v1/dashboard',
      headers: { cookie: `kaushal_session=${'F'.repeat(43)}`, authorization: `Bearer ${'T'.repeat(40)}` },
    });
    // The operator's backup, with a wrong token and the right one (a snapshot on PGlite; on PostgreSQL a 404 that
    // points to pg_dump).
    for (const token of ['W'.repeat(43), config.backupToken]) {
      const backup = await app.inject({
        method: 'POST',
        url: '/api/v1/operator/backup',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(backup.statusCode).toBeLessThan(500);
    }
    keep('backup token', config.backupToken);
    // The reminders' unsubscribe link, opened and one-clicked (its token turns a learner's reminders off).
    const me = (await app.inject({ url: '/api/v1/auth/me', headers })).json() as { id: string };
    const unsubscribe = new URL(unsubscribeUrl(config.publicUrl, config.sessionSecret, me.id));
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({
        method,
        url: unsubscribe.pathname + unsubscribe.search,
        ...(method === 'POST'
          ? {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: 'List-Unsubscribe=One-Click',
            }
          : {}),
      });
      expect(res.statusCode).toBe(200);
    }
    keep('unsubscribe token', unsubscribe.searchParams.get('token')?.split('.')[1]);
    keep('forged session cookie', 'F'.repeat(43));
    keep('bearer token', 'T'.repeat(40));
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers })).statusCode).toBe(204);

    keep('Razorpay key secret', razorpay.keySecret);
    keep('Razorpay webhook secret', razorpay.webhookSecret);
    keep('Google client secret', config.oauth.google?.clientSecret);
    keep('GitHub client secret', config.oauth.github?.clientSecret);
    keep('session secret', config.sessionSecret);
    keep('media signing secret', config.mediaSigningSecret);

    const log = lines.join('');
    // The journey was logged (a line per request, the sign-in, the failed exchange): the check below is not
    // vacuous.
    expect(lines.filter((line) => line.includes('"msg":"request"')).length).toBeGreaterThan(15);
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('signed in');
    expect(log).toContain('/api/v1/payments/verify');
    const leaked = secrets.filter(([, value]) => log.includes(value)).map(([label]) => label);
    expect(leaked).toEqual([]);
    // OAuth access and ID tokens from the provider are JWTs.
    expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/);
  });
});
