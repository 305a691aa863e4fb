import type { StaffRole } from '@kaushal/contract';
import { encodeCursor } from '../../src/modules/orders/cursor.ts';
import { encodeTicketCursor } from '../../src/modules/support/ticket-cursor.ts';
import { dbKind } from '../db.ts';
import {
  CERTIFICATE_ID,
  COUPON_CODE,
  ENROLLED_COURSE,
  FREE_COUPON_CODE,
  FREE_COURSE,
  type HostileFixture,
  hmacHex,
  MEDIA_KEY,
  METRICS_TOKEN,
  ORDER_COURSE,
  ORDER_PAISE,
  ORDER_TIER,
  PAID_LESSON,
  QUIZ,
} from './fixture.ts';
import { resourceEndpoints } from './resource-endpoints.ts';
import { uploadEndpoints } from './upload-endpoints.ts';
import { type FieldKind, gstinOf } from './values.ts';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** Largest valid length (strings) or value (numbers). */
  max?: number;
  required: boolean;
  /** Optional text that may be cleared (a description): blank is a valid value there, not a hostile one. */
  blankValid?: boolean;
  /** null is a valid value (a lesson without a video link). */
  nullable?: boolean;
  /** A list's fewest items (an empty list is tried when above 0). */
  minItems?: number;
  /** An `object-list`'s items: their fields get hostile values too, in the list's first item. */
  items?: { fields: FieldSpec[]; strict: boolean };
}

/**
 * A query parameter: `int` (page, size), `price` (rupees: 0 and fractions are valid), `token` (a state, a
 * signature) and `enum` (a status filter) refuse every
 * hostile value; `text` (a search box, a filter by address) takes any text up to `max` characters as a search
 * (values.ts, hostileQueryTexts), and refuses longer text or a NUL.
 */
export type QueryField =
  | { name: string; kind: 'int' | 'token' | 'enum' | 'price' }
  | { name: string; kind: 'text'; max: number };

export type BodySpec =
  /** GET: no body is read. */
  | { type: 'none' }
  /** A POST or DELETE without a body schema: only the parser sees the body. */
  | { type: 'empty' }
  | { type: 'json-object'; valid: Record<string, unknown>; fields: FieldSpec[]; strict: boolean }
  /** A JSON array of objects (watch events). */
  | { type: 'json-array'; valid: Record<string, unknown>; fields: FieldSpec[]; maxItems: number }
  /** The Razorpay webhook: any bytes, authenticated by their signature. */
  | { type: 'webhook'; valid: string; secret: string }
  /** The development sign-in stand-in's HTML form. */
  | { type: 'form'; valid: Record<string, string>; fields: FieldSpec[] }
  /**
   * A file as the whole body (console uploads: captions, a thumbnail): the valid bytes, its limit, and files of
   * the right type that must be refused for what they hold.
   */
  | {
      type: 'raw';
      contentType: string;
      valid: string | Buffer;
      limit: number;
      invalid: ReadonlyArray<readonly [label: string, bytes: string | Buffer]>;
    };

/**
 * How a refusal looks: `json` {detail, code} with a 4xx; `redirect` (sign-in navigations) a redirect back to
 * /login with an error, or a JSON 4xx; `static` a 4xx that serves no file; `form-page` a 4xx JSON or the
 * stand-in's HTML form again, escaped.
 */
export type Answers = 'json' | 'redirect' | 'static' | 'form-page';

export interface EndpointSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As registered: /api/v1/courses/:id, /api/v1/media/*. */
  route: string;
  /** Valid values of the path's :params (and `*`), already URL-encoded. */
  params?: Record<string, string>;
  query?: { valid: Record<string, string>; fields: QueryField[] };
  headers?: Record<string, string>;
  body: BodySpec;
  bodyLimit?: number;
  answers: Answers;
  /** The valid request is sent by the enrolled learner (otherwise anonymously). */
  signedIn: boolean;
  /** The signed-in learner's cookie where the credential is bound to one sign-in (HLS tokens); else a fresh one. */
  cookie?: string;
  /**
   * A staff endpoint: for its test the fixture's learner also holds this role (createHostileFixture), so the
   * signed-in hostile requests pass the role check and reach the input checks behind it.
   */
  role?: StaffRole;
  /** An anonymous valid request writes (contact, webhook): hostile cookies are not tried with it. */
  publicWrite?: boolean;
  /**
   * Header sets sent with the valid request, each to be refused (the tus protocol's headers: Upload-Length,
   * Upload-Offset, Upload-Metadata).
   */
  hostileHeaders?: ReadonlyArray<readonly [label: string, headers: Record<string, string>]>;
  /**
   * A write whose query names the course version it edits: it succeeds once, and the same request again is stale
   * (409), so no query case may repeat it (the unknown-parameters case is left out).
   */
  writesOnce?: boolean;
  /** Status of the valid request, sent after the hostile ones: the refusals came from the input. */
  valid: number;
}

const get = (
  route: string,
  more: Partial<EndpointSpec> & Pick<EndpointSpec, 'signedIn'> = { signedIn: false },
): EndpointSpec => ({ method: 'GET', route, body: { type: 'none' }, answers: 'json', valid: 200, ...more });

/** Every endpoint the app registers, with a valid request of each; HEAD is GET without a body. */
export function hostileEndpoints(f: HostileFixture): EndpointSpec[] {
  const pageQuery = {
    valid: { page: '1', size: '5' },
    fields: [
      { name: 'page', kind: 'int' as const },
      { name: 'size', kind: 'int' as const },
    ],
  };
  const state = 'c3RhdGUtc3RhdGUtc3RhdGUtc3RhdGU';
  const challenge = 'Y2hhbGxlbmdlLWNoYWxsZW5nZS1jaGFsbGVuZ2U';
  const token = (name: string): FieldSpec => ({ name, kind: 'slug', max: 128, required: true });
  // Staff writes: JSON objects refused whole on an unknown field, sent by an admin.
  const staff = (
    method: EndpointSpec['method'],
    route: string,
    valid: Record<string, unknown>,
    fields: FieldSpec[],
    more: Partial<EndpointSpec> & { strict?: boolean } = {},
  ): EndpointSpec => {
    const { strict = true, ...rest } = more;
    return {
      method,
      route,
      body: { type: 'json-object', valid, fields, strict },
      answers: 'json',
      signedIn: true,
      role: 'admin',
      valid: 200,
      ...rest,
    };
  };
  // The version the editor saw: any other whole number is refused as stale (409), past 10^6 too.
  const version: FieldSpec = { name: 'version', kind: 'int', required: true };
  const title = (required: boolean): FieldSpec => ({ name: 'title', kind: 'text', max: 120, required });
  const paise = (name: string, required: boolean): FieldSpec => ({ name, kind: 'int', max: 10_000_000, required });
  const tierFields: FieldSpec[] = [
    version,
    title(true),
    { name: 'description', kind: 'text', max: 500, required: false, blankValid: true },
    paise('pricePaise', true),
    paise('originalPricePaise', true),
    { name: 'accessType', kind: 'enum', required: true },
  ];
  const webhookBody = JSON.stringify({
    event: 'payment.captured',
    payload: {
      payment: {
        entity: { id: 'pay_HOSTILEHOOK001', order_id: f.orderId, amount: ORDER_PAISE, currency: 'INR' },
      },
    },
  });

  return [
    // System
    get('/api/v1/health'),
    get('/api/v1/health/live'),
    get('/api/v1/demo-video'),
    get('/api/v1/metrics', { signedIn: false, headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
    {
      method: 'POST',
      route: '/api/v1/operator/backup',
      headers: { authorization: `Bearer ${f.backupToken}` },
      body: { type: 'empty' },
      answers: 'json',
      signedIn: false,
      // A snapshot of the test's PGlite (in memory); on PostgreSQL the server points to pg_dump instead.
      valid: dbKind === 'pglite' ? 200 : 404,
    },
    get('/api/v1/site-config'),
    // Catalogue
    get('/api/v1/stats'),
    // The catalogue's search, filters and sort (decision 028): search text is any text; a filter is one of its
    // values; a price is rupees.
    get('/api/v1/courses', {
      signedIn: false,
      query: {
        valid: {
          q: 'rag',
          difficulty: 'Intermediate',
          price: 'paid',
          minPrice: '100',
          maxPrice: '9999.50',
          duration: 'short',
          sort: 'relevance',
          ...pageQuery.valid,
        },
        fields: [
          { name: 'q', kind: 'text', max: 100 },
          { name: 'difficulty', kind: 'enum' },
          { name: 'price', kind: 'enum' },
          { name: 'minPrice', kind: 'price' },
          { name: 'maxPrice', kind: 'price' },
          { name: 'duration', kind: 'enum' },
          { name: 'sort', kind: 'enum' },
          ...pageQuery.fields,
        ],
      },
    }),
    get('/api/v1/search/suggestions', {
      signedIn: false,
      query: { valid: { q: 'rag' }, fields: [{ name: 'q', kind: 'text', max: 100 }] },
    }),
    get('/api/v1/courses/featured'),
    get('/api/v1/courses/:id', { signedIn: true, params: { id: ENROLLED_COURSE } }),
    get('/api/v1/courses/:id/lessons', { signedIn: false, params: { id: ENROLLED_COURSE } }),
    get('/api/v1/courses/:id/reviews', { signedIn: false, params: { id: ENROLLED_COURSE }, query: pageQuery }),
    {
      method: 'POST',
      route: '/api/v1/courses/:id/enroll',
      params: { id: FREE_COURSE },
      body: { type: 'empty' },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    // The course page's visit beacon: no body; only numbers are stored.
    {
      method: 'POST',
      route: '/api/v1/courses/:id/visit',
      params: { id: ENROLLED_COURSE },
      body: { type: 'empty' },
      answers: 'json',
      signedIn: false,
      publicWrite: true,
      valid: 204,
    },
    // Sign-in
    get('/api/v1/auth/:provider/login', {
      signedIn: false,
      params: { provider: 'google' },
      answers: 'redirect',
      valid: 302,
    }),
    get('/api/v1/auth/:provider/callback', {
      signedIn: false,
      params: { provider: 'google' },
      query: {
        valid: { code: 'code-from-the-provider', state },
        fields: [
          { name: 'code', kind: 'token' },
          { name: 'state', kind: 'token' },
        ],
      },
      answers: 'redirect',
      valid: 302,
    }),
    get('/api/v1/auth/dev/:provider', {
      signedIn: false,
      params: { provider: 'google' },
      query: {
        valid: { state, code_challenge: challenge },
        fields: [
          { name: 'state', kind: 'token' },
          { name: 'code_challenge', kind: 'token' },
        ],
      },
      answers: 'form-page',
    }),
    {
      method: 'POST',
      route: '/api/v1/auth/dev/:provider',
      params: { provider: 'google' },
      body: {
        type: 'form',
        valid: { state, code_challenge: challenge, action: 'allow', name: 'Form Learner', email: 'form@example.com' },
        fields: [
          token('state'),
          token('code_challenge'),
          { name: 'action', kind: 'enum', required: true },
          { name: 'name', kind: 'text', max: 80, required: true },
          { name: 'email', kind: 'email', required: true },
        ],
      },
      answers: 'form-page',
      signedIn: false,
      valid: 303,
    },
    get('/api/v1/auth/me', { signedIn: true }),
    {
      method: 'POST',
      route: '/api/v1/auth/logout',
      body: { type: 'empty' },
      answers: 'json',
      signedIn: true,
      valid: 204,
    },
    // Learning
    get('/api/v1/lessons/:id', { signedIn: true, params: { id: PAID_LESSON } }),
    get('/api/v1/lessons/:id/signed-url', { signedIn: true, params: { id: PAID_LESSON } }),
    {
      method: 'PUT',
      route: '/api/v1/lessons/:id/progress',
      params: { id: PAID_LESSON },
      body: {
        type: 'json-object',
        valid: { watchSeconds: 10, completed: false },
        fields: [
          { name: 'watchSeconds', kind: 'int', max: 86_400, required: true },
          { name: 'completed', kind: 'bool', required: true },
        ],
        strict: false,
      },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    {
      method: 'POST',
      route: '/api/v1/lessons/:id/events',
      params: { id: PAID_LESSON },
      body: {
        type: 'json-array',
        valid: { sessionId: f.videoSessionId, eventType: 'play', positionSec: 1.5 },
        fields: [
          { name: 'sessionId', kind: 'uuid', required: true },
          { name: 'eventType', kind: 'enum', required: true },
          { name: 'positionSec', kind: 'number', max: 86_400, required: true },
        ],
        maxItems: 100,
      },
      bodyLimit: 32 * 1024,
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    get('/api/v1/media/*', {
      signedIn: false,
      params: { '*': MEDIA_KEY },
      query: {
        valid: f.media,
        fields: [
          { name: 'exp', kind: 'int' },
          { name: 'sig', kind: 'token' },
        ],
      },
    }),
    // The adaptive stream (decision 034): a token's renewal, the master playlist and poster, playlists and segments.
    get('/api/v1/lessons/:id/hls-token', {
      signedIn: true,
      params: { id: PAID_LESSON },
      query: { valid: { sessionId: f.videoSessionId }, fields: [{ name: 'sessionId', kind: 'token' }] },
    }),
    get('/api/v1/hls/:token/:name', {
      signedIn: true,
      cookie: f.hls.cookie,
      params: { token: f.hls.token, name: 'master.m3u8' },
      query: { valid: { cap: '360' }, fields: [{ name: 'cap', kind: 'int' }] },
    }),
    get('/api/v1/hls/:token/:name/:file', {
      signedIn: true,
      cookie: f.hls.cookie,
      params: { token: f.hls.token, name: '240p', file: 'seg-00000.ts' },
    }),
    // Lesson resources: a link for the learner, and the file with it.
    get('/api/v1/resources/:id/signed-url', { signedIn: true, params: { id: f.learnerResource.id } }),
    get('/api/v1/resources/:id/file', {
      signedIn: true,
      params: { id: f.learnerResource.id },
      query: {
        valid: { exp: f.learnerResource.exp, sig: f.learnerResource.sig },
        fields: [
          { name: 'exp', kind: 'int' },
          { name: 'sig', kind: 'token' },
        ],
      },
    }),
    // Quizzes
    get('/api/v1/courses/:id/quizzes', { signedIn: true, params: { id: ENROLLED_COURSE } }),
    get('/api/v1/quizzes/:id', { signedIn: true, params: { id: QUIZ } }),
    {
      method: 'POST',
      route: '/api/v1/quizzes/:id/attempts',
      params: { id: QUIZ },
      body: {
        type: 'json-object',
        valid: { answers: { q1: ['b'], q2: ['a', 'b', 'd'], q3: 0.5 } },
        // A map of question id to answer: refused whole when it is not one (the fit to the quiz: quizzes.test.ts).
        fields: [{ name: 'answers', kind: 'object-list', max: 50, required: true }],
        strict: true,
      },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    // Notes and bookmarks: the learner's own, on a lesson of the course they are enrolled in
    get('/api/v1/courses/:id/notes', { signedIn: true, params: { id: ENROLLED_COURSE } }),
    {
      method: 'POST',
      route: '/api/v1/lessons/:id/notes',
      params: { id: PAID_LESSON },
      body: {
        type: 'json-object',
        valid: { kind: 'note', atSeconds: 30, body: 'Worth reading twice.' },
        fields: [
          { name: 'kind', kind: 'enum', required: true },
          // The lesson is 64 s long: a second past its end is refused as well as the schema's bounds.
          { name: 'atSeconds', kind: 'int', max: 64, required: true },
          { name: 'body', kind: 'text', max: 2000, required: true },
        ],
        strict: true,
      },
      answers: 'json',
      signedIn: true,
      valid: 201,
    },
    {
      method: 'PATCH',
      route: '/api/v1/notes/:id',
      params: { id: f.noteId },
      body: {
        type: 'json-object',
        valid: { body: 'Edited by the suite.' },
        fields: [{ name: 'body', kind: 'text', max: 2000, required: true }],
        strict: true,
      },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    {
      method: 'DELETE',
      route: '/api/v1/notes/:id',
      params: { id: f.noteId },
      body: { type: 'empty' },
      answers: 'json',
      signedIn: true,
      valid: 204,
    },
    // Dashboard and account
    get('/api/v1/dashboard', { signedIn: true }),
    get('/api/v1/users/me/enrollments', { signedIn: true }),
    get('/api/v1/users/me/achievements', { signedIn: true }),
    get('/api/v1/users/me/certificates', { signedIn: true }),
    // Certificates: public, read by anyone with the link
    get('/api/v1/certificates/:id', { signedIn: false, params: { id: CERTIFICATE_ID } }),
    get('/api/v1/certificates/:id/pdf', { signedIn: false, params: { id: CERTIFICATE_ID } }),
    get('/api/v1/invoices/:id/pdf', { signedIn: true, params: { id: f.invoiceId } }),
    get('/api/v1/certificates/:id/image.png', { signedIn: false, params: { id: CERTIFICATE_ID } }),
    get('/api/v1/users/me/settings', { signedIn: true }),
    // Billing details for invoices, and the purchase history (decision 024)
    get('/api/v1/users/me/billing', { signedIn: true }),
    {
      method: 'PUT',
      route: '/api/v1/users/me/billing',
      body: {
        type: 'json-object',
        valid: {
          name: 'Hostile Analytics LLP',
          stateCode: '29',
          gstin: gstinOf('29AAPFU0939F1Z'),
          address: 'MG Road, Bengaluru 560001',
        },
        fields: [
          { name: 'name', kind: 'text', max: 120, required: true },
          // A state code: two digits of a state or union territory.
          { name: 'stateCode', kind: 'enum', required: true },
          { name: 'gstin', kind: 'gstin', required: false },
          { name: 'address', kind: 'text', max: 300, required: false, blankValid: true, nullable: true },
        ],
        strict: true,
      },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    get('/api/v1/users/me/purchases', { signedIn: true }),
    {
      method: 'PUT',
      route: '/api/v1/users/me/settings',
      body: {
        type: 'json-object',
        valid: { theme: 'light', playbackRate: 1.5 },
        fields: [
          { name: 'theme', kind: 'enum', required: false },
          { name: 'language', kind: 'enum', required: false },
          { name: 'emailNotifications', kind: 'bool', required: false },
          { name: 'playbackRate', kind: 'number', max: 2, required: false },
        ],
        strict: true,
      },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    {
      method: 'PATCH',
      route: '/api/v1/users/me',
      body: {
        type: 'json-object',
        valid: { name: 'Renamed Learner' },
        fields: [{ name: 'name', kind: 'text', max: 1000, required: true }],
        strict: true,
      },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    {
      method: 'DELETE',
      route: '/api/v1/users/me',
      body: { type: 'empty' },
      answers: 'json',
      signedIn: true,
      valid: 204,
    },
    // Payments
    get('/api/v1/payments/config'),
    {
      method: 'POST',
      route: '/api/v1/payments/create-order',
      body: {
        type: 'json-object',
        valid: { courseId: 'vector-databases', pricingTierId: 'vector-databases-weekly' },
        fields: [
          { name: 'courseId', kind: 'slug', max: 100, required: true },
          { name: 'pricingTierId', kind: 'slug', max: 100, required: false },
          { name: 'couponCode', kind: 'slug', max: 32, required: false },
        ],
        strict: false,
      },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    // Coupons: what a code does to a price, and a ₹0 price enrolling without checkout
    get('/api/v1/coupons/quote', {
      signedIn: true,
      query: {
        valid: { code: COUPON_CODE.toLowerCase(), courseId: ORDER_COURSE, pricingTierId: ORDER_TIER },
        fields: [
          { name: 'code', kind: 'token' },
          { name: 'courseId', kind: 'token' },
          { name: 'pricingTierId', kind: 'token' },
        ],
      },
    }),
    {
      method: 'POST',
      route: '/api/v1/payments/redeem-coupon',
      body: {
        type: 'json-object',
        valid: { courseId: 'vector-databases', pricingTierId: 'vector-databases-weekly', couponCode: FREE_COUPON_CODE },
        fields: [
          { name: 'courseId', kind: 'slug', max: 100, required: true },
          { name: 'pricingTierId', kind: 'slug', max: 100, required: false },
          { name: 'couponCode', kind: 'slug', max: 32, required: true },
        ],
        strict: true,
      },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    {
      method: 'POST',
      route: '/api/v1/payments/verify',
      body: {
        type: 'json-object',
        valid: {
          razorpay_order_id: f.orderId,
          razorpay_payment_id: 'pay_HOSTILEVERIFY01',
          razorpay_signature: hmacHex(f.keySecret, `${f.orderId}|pay_HOSTILEVERIFY01`),
        },
        fields: [
          { name: 'razorpay_order_id', kind: 'razorpay-id', max: 100, required: true },
          { name: 'razorpay_payment_id', kind: 'razorpay-id', max: 100, required: true },
          { name: 'razorpay_signature', kind: 'hex', max: 256, required: true },
        ],
        strict: false,
      },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    get('/api/v1/payments/status/:id', { signedIn: true, params: { id: f.orderId } }),
    // Refunds under the policy: at once within 12 hours, else a cancellation request for support
    {
      method: 'POST',
      route: '/api/v1/payments/orders/:id/refund',
      params: { id: f.paidOrderId },
      body: { type: 'empty' },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    {
      method: 'POST',
      route: '/api/v1/payments/orders/:id/cancellation-request',
      params: { id: f.cancellableOrderId },
      body: {
        type: 'json-object',
        valid: { reason: 'Bought the wrong course.' },
        fields: [{ name: 'reason', kind: 'text', max: 1000, required: true }],
        strict: true,
      },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    get('/api/v1/payments/orders', { signedIn: true }),
    {
      method: 'POST',
      route: '/api/v1/payments/webhook',
      body: { type: 'webhook', valid: webhookBody, secret: f.webhookSecret },
      answers: 'json',
      signedIn: false,
      publicWrite: true,
      valid: 200,
    },
    get('/api/v1/payments/sandbox/checkout.js'),
    {
      method: 'POST',
      route: '/api/v1/payments/sandbox/pay',
      body: {
        type: 'json-object',
        valid: { orderId: f.orderId },
        fields: [{ name: 'orderId', kind: 'razorpay-id', max: 100, required: true }],
        strict: false,
      },
      answers: 'json',
      signedIn: true,
      valid: 200,
    },
    // Support
    {
      method: 'POST',
      route: '/api/v1/contact/submit',
      body: {
        type: 'json-object',
        valid: {
          name: 'Hostile Suite',
          email: 'visitor@example.com',
          subject: 'A question',
          category: 'general',
          message: 'Hello there.',
        },
        fields: [
          { name: 'name', kind: 'text', max: 100, required: true },
          { name: 'email', kind: 'email', required: true },
          { name: 'subject', kind: 'text', max: 200, required: true },
          { name: 'category', kind: 'enum', required: true },
          { name: 'message', kind: 'text', max: 5000, required: true },
        ],
        strict: false,
      },
      answers: 'json',
      signedIn: false,
      publicWrite: true,
      valid: 200,
    },
    get('/api/v1/contact/health'),
    // Email: the reminders' unsubscribe link (signed token, no session) and the development mailbox
    get('/api/v1/email/unsubscribe', {
      signedIn: false,
      query: { valid: { token: f.unsubscribeToken }, fields: [{ name: 'token', kind: 'token' }] },
    }),
    {
      method: 'POST',
      route: '/api/v1/email/unsubscribe',
      query: { valid: { token: f.unsubscribeToken }, fields: [{ name: 'token', kind: 'token' }] },
      body: {
        type: 'form',
        valid: { 'List-Unsubscribe': 'One-Click' },
        fields: [{ name: 'List-Unsubscribe', kind: 'enum', required: true }],
      },
      answers: 'json',
      signedIn: false,
      publicWrite: true,
      valid: 200,
    },
    get('/dev/mailbox'),
    get('/dev/mailbox/:id', { signedIn: false, params: { id: f.emailId } }),
    get('/dev/mailbox/:id/html', { signedIn: false, params: { id: f.emailId } }),
    get('/dev/mailbox/:id/attachments/:index', { signedIn: false, params: { id: f.emailId, index: '0' } }),
    // The staff console, sent signed in as an admin (see `role`): the order's course and tier, the colleague
    get('/api/v1/admin/me', { signedIn: true, role: 'admin' }),
    get('/api/v1/admin/courses', {
      signedIn: true,
      role: 'admin',
      query: {
        valid: { q: 'rag', status: 'published', sort: 'title', ...pageQuery.valid },
        fields: [
          { name: 'q', kind: 'text', max: 100 },
          { name: 'status', kind: 'enum' },
          { name: 'sort', kind: 'enum' },
          ...pageQuery.fields,
        ],
      },
    }),
    staff(
      'POST',
      '/api/v1/admin/courses',
      { id: 'hostile-suite-course', title: 'Hostile Suite Course', difficulty: 'Beginner', pricePaise: 49_900 },
      [
        { name: 'id', kind: 'slug', max: 100, required: true },
        title(true),
        { name: 'difficulty', kind: 'enum', required: true },
        paise('pricePaise', true),
      ],
      // Unknown fields are dropped, not refused (the create schema is not strict).
      { strict: false, valid: 201 },
    ),
    get('/api/v1/admin/courses/:id', { signedIn: true, role: 'admin', params: { id: ORDER_COURSE } }),
    staff(
      'PATCH',
      '/api/v1/admin/courses/:id',
      { version: f.courseVersion, title: 'RAG from Scratch, revised', description: 'Edited.', featured: true },
      [
        version,
        title(false),
        { name: 'description', kind: 'text', max: 2000, required: false, blankValid: true },
        { name: 'difficulty', kind: 'enum', required: false },
        { name: 'instructor', kind: 'text', max: 120, required: false, blankValid: true },
        // Blank: derived from the lessons again.
        { name: 'duration', kind: 'text', max: 40, required: false, blankValid: true },
        paise('pricePaise', false),
        { name: 'featured', kind: 'bool', required: false },
      ],
      { params: { id: ORDER_COURSE } },
    ),
    staff('POST', '/api/v1/admin/courses/:id/publish', { version: f.courseVersion }, [version], {
      params: { id: ORDER_COURSE },
    }),
    staff('POST', '/api/v1/admin/courses/:id/unpublish', { version: f.courseVersion }, [version], {
      params: { id: ORDER_COURSE },
    }),
    staff('POST', '/api/v1/admin/courses/:id/discard-draft', { version: f.courseVersion }, [version], {
      params: { id: ORDER_COURSE },
    }),
    staff(
      'POST',
      '/api/v1/admin/courses/:id/tiers',
      {
        version: f.courseVersion,
        title: 'Team of five',
        description: 'Five seats, lifetime access.',
        pricePaise: 1_999_900,
        originalPricePaise: 2_499_900,
        accessType: 'permanent',
      },
      tierFields,
      { params: { id: ORDER_COURSE }, valid: 201 },
    ),
    staff(
      'PUT',
      '/api/v1/admin/courses/:id/tiers/:tierId',
      {
        version: f.courseVersion,
        title: 'Weekly Access',
        description: '',
        pricePaise: 89_900,
        originalPricePaise: 149_900,
        accessType: 'weekly',
      },
      tierFields,
      { params: { id: ORDER_COURSE, tierId: ORDER_TIER } },
    ),
    staff(
      'POST',
      '/api/v1/admin/courses/:id/tiers/:tierId/archive',
      { version: f.courseVersion, archived: true },
      [version, { name: 'archived', kind: 'bool', required: true }],
      { params: { id: ORDER_COURSE, tierId: ORDER_TIER } },
    ),
    {
      method: 'DELETE',
      route: '/api/v1/admin/courses/:id/tiers/:tierId',
      params: { id: ORDER_COURSE, tierId: f.deletableTierId },
      query: { valid: { version: String(f.courseVersion) }, fields: [{ name: 'version', kind: 'int' }] },
      writesOnce: true,
      body: { type: 'empty' },
      answers: 'json',
      signedIn: true,
      role: 'admin',
      valid: 200,
    },
    // A section's quiz (ORDER_COURSE's first section, whose quiz the draft holds a copy of)
    get('/api/v1/admin/courses/:id/quizzes', { signedIn: true, role: 'admin', params: { id: ORDER_COURSE } }),
    staff(
      'PUT',
      '/api/v1/admin/courses/:id/sections/:sectionId/quiz',
      {
        version: f.courseVersion,
        title: 'Retrieval check',
        passPercent: 70,
        questions: [
          {
            id: 'q1',
            kind: 'single',
            prompt: 'Which step finds the passages?',
            options: [
              { id: 'a', text: 'Retrieval' },
              { id: 'b', text: 'Generation' },
            ],
            correctOptionIds: ['a'],
            explanation: 'Retrieval finds them.',
          },
        ],
      },
      [
        version,
        { name: 'title', kind: 'text', max: 200, required: true },
        { name: 'passPercent', kind: 'int', max: 100, required: true },
        {
          name: 'questions',
          kind: 'object-list',
          max: 50,
          minItems: 1,
          required: true,
          items: {
            strict: false,
            fields: [
              { name: 'kind', kind: 'enum', required: true },
              { name: 'prompt', kind: 'text', max: 1000, required: true },
              { name: 'explanation', kind: 'text', max: 2000, required: true },
              { name: 'correctOptionIds', kind: 'slug-list', max: 10, required: true },
            ],
          },
        },
      ],
      { params: { id: ORDER_COURSE, sectionId: f.outline[0]?.id ?? '' } },
    ),
    {
      method: 'DELETE',
      route: '/api/v1/admin/courses/:id/sections/:sectionId/quiz',
      params: { id: ORDER_COURSE, sectionId: f.outline[0]?.id ?? '' },
      query: { valid: { version: String(f.courseVersion) }, fields: [{ name: 'version', kind: 'int' }] },
      writesOnce: true,
      body: { type: 'empty' },
      answers: 'json',
      signedIn: true,
      role: 'admin',
      valid: 200,
    },
    staff(
      'PUT',
      '/api/v1/admin/courses/:id/tier-order',
      { version: f.courseVersion, tierIds: f.tierIds },
      [version, { name: 'tierIds', kind: 'slug-list', max: 20, required: true }],
      { params: { id: ORDER_COURSE } },
    ),
    staff(
      'PUT',
      '/api/v1/admin/courses/:id/instructors',
      { version: f.courseVersion, userIds: [f.colleagueId] },
      [version, { name: 'userIds', kind: 'uuid-list', max: 20, required: true }],
      { params: { id: ORDER_COURSE } },
    ),
    staff(
      'PUT',
      '/api/v1/admin/courses/:id/outline',
      { version: f.courseVersion, sections: f.outline },
      [
        version,
        {
          name: 'sections',
          kind: 'object-list',
          max: 50,
          minItems: 1,
          required: true,
          items: {
            strict: true,
            fields: [
              { name: 'id', kind: 'slug', max: 100, required: false },
              { name: 'title', kind: 'text', max: 120, required: true },
              { name: 'lessonIds', kind: 'slug-list', max: 500, required: true },
            ],
          },
        },
      ],
      { params: { id: ORDER_COURSE } },
    ),
    staff(
      'POST',
      '/api/v1/admin/courses/:id/lessons',
      {
        version: f.courseVersion,
        sectionId: f.outline[0]?.id,
        id: 'hostile-suite-lesson',
        title: 'Hostile Suite Lesson',
        description: 'Added by the suite.',
        isFree: false,
        youtubeUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      },
      [
        version,
        { name: 'sectionId', kind: 'slug', max: 100, required: true },
        { name: 'id', kind: 'slug', max: 100, required: true },
        { name: 'title', kind: 'text', max: 200, required: true },
        { name: 'description', kind: 'text', max: 2000, required: false, blankValid: true },
        { name: 'isFree', kind: 'bool', required: false },
        { name: 'youtubeUrl', kind: 'url', required: false, nullable: true },
      ],
      { params: { id: ORDER_COURSE }, valid: 201 },
    ),
    staff(
      'PATCH',
      '/api/v1/admin/courses/:id/lessons/:lessonId',
      { version: f.courseVersion, title: 'A Revised Lesson', isFree: true },
      [
        version,
        { name: 'title', kind: 'text', max: 200, required: false },
        { name: 'description', kind: 'text', max: 2000, required: false, blankValid: true },
        { name: 'isFree', kind: 'bool', required: false },
        { name: 'youtubeUrl', kind: 'url', required: false, nullable: true },
      ],
      { params: { id: ORDER_COURSE, lessonId: f.outline[0]?.lessonIds[0] ?? '' } },
    ),
    get('/api/v1/admin/users', {
      signedIn: true,
      role: 'admin',
      query: {
        valid: { q: 'example', role: 'instructor', ...pageQuery.valid },
        fields: [{ name: 'q', kind: 'text', max: 100 }, { name: 'role', kind: 'enum' }, ...pageQuery.fields],
      },
    }),
    staff(
      'PUT',
      '/api/v1/admin/users/:id/roles',
      { roles: ['instructor', 'support'] },
      [{ name: 'roles', kind: 'enum-list', max: 3, required: true }],
      { params: { id: f.colleagueId } },
    ),
    // Learners (support and admins; sent as an admin): the fixture's learner, enrolled in ENROLLED_COURSE.
    get('/api/v1/admin/learners', {
      signedIn: true,
      role: 'admin',
      query: {
        valid: { q: 'hostile', cursor: '1700000000000000.00000000-0000-4000-8000-000000000000' },
        fields: [
          { name: 'q', kind: 'text', max: 100 },
          { name: 'cursor', kind: 'token' },
        ],
      },
    }),
    get('/api/v1/admin/learners/:id', { signedIn: true, role: 'admin', params: { id: f.userId } }),
    staff(
      'POST',
      '/api/v1/admin/learners/:id/access',
      { courseId: ORDER_COURSE, accessType: 'weekly', reason: 'A week to try the course.' },
      [
        { name: 'courseId', kind: 'slug', max: 100, required: true },
        { name: 'accessType', kind: 'enum', required: true },
        { name: 'reason', kind: 'text', max: 1000, required: true },
      ],
      { params: { id: f.userId } },
    ),
    staff(
      'POST',
      '/api/v1/admin/learners/:id/access/:courseId/revoke',
      { reason: 'Enrolled by mistake.' },
      [{ name: 'reason', kind: 'text', max: 1000, required: true }],
      { params: { id: f.userId, courseId: ENROLLED_COURSE } },
    ),
    get('/api/v1/admin/audit', {
      signedIn: true,
      role: 'admin',
      query: {
        valid: { entity: 'course', entityId: ORDER_COURSE, actor: 'staff@example.com', ...pageQuery.valid },
        fields: [
          { name: 'entity', kind: 'enum' },
          { name: 'entityId', kind: 'text', max: 100 },
          { name: 'actor', kind: 'text', max: 254 },
          ...pageQuery.fields,
        ],
      },
    }),
    get('/api/v1/admin/emails', {
      signedIn: true,
      role: 'admin',
      query: {
        valid: { status: 'queued', to: 'hostile@example.com', ...pageQuery.valid },
        fields: [{ name: 'status', kind: 'enum' }, { name: 'to', kind: 'text', max: 254 }, ...pageQuery.fields],
      },
    }),
    get('/api/v1/admin/coupons', { signedIn: true, role: 'admin' }),
    staff(
      'POST',
      '/api/v1/admin/coupons',
      { code: 'hostile-new', kind: 'percent', value: 15, scope: 'courses', courseIds: [ORDER_COURSE], active: true },
      [
        { name: 'code', kind: 'slug', max: 32, required: true },
        { name: 'kind', kind: 'enum', required: true },
        // A percentage: past 100 is refused too.
        { name: 'value', kind: 'int', max: 100, required: true },
        { name: 'scope', kind: 'enum', required: true },
        // Ids that are no course (['superuser']) are refused by name.
        { name: 'courseIds', kind: 'slug-list', max: 200, required: false },
        { name: 'active', kind: 'bool', required: false },
      ],
    ),
    staff(
      'PATCH',
      '/api/v1/admin/coupons/:id',
      { value: 20, active: false },
      [
        { name: 'value', kind: 'int', max: 100, required: false },
        { name: 'scope', kind: 'enum', required: false },
        { name: 'courseIds', kind: 'slug-list', max: 200, required: false },
        { name: 'active', kind: 'bool', required: false },
      ],
      { params: { id: f.couponId } },
    ),
    // Orders and refunds (support and admins; sent as an admin): the learner's own orders
    get('/api/v1/admin/orders', {
      signedIn: true,
      role: 'admin',
      query: {
        valid: {
          q: f.paidOrderId,
          status: 'paid',
          from: '2026-01-01',
          to: '2030-12-31',
          courseId: ENROLLED_COURSE,
          minAmount: '0',
          maxAmount: '1000.50',
          cursor: encodeCursor({ micros: '4102444800000000', id: 'order_ZZZZ' }),
          limit: '10',
        },
        fields: [
          { name: 'q', kind: 'text', max: 200 },
          { name: 'status', kind: 'enum' },
          { name: 'from', kind: 'token' },
          { name: 'to', kind: 'token' },
          { name: 'courseId', kind: 'token' },
          { name: 'minAmount', kind: 'token' },
          { name: 'maxAmount', kind: 'token' },
          { name: 'cursor', kind: 'token' },
          { name: 'limit', kind: 'int' },
        ],
      },
    }),
    // The accountant's CSV (admins): refusals are JSON like every other endpoint's.
    get('/api/v1/admin/orders/export.csv', {
      signedIn: true,
      role: 'admin',
      query: {
        valid: { from: '2026-01-01', to: '2026-12-31', status: 'paid', courseId: ENROLLED_COURSE },
        fields: [
          { name: 'from', kind: 'token' },
          { name: 'to', kind: 'token' },
          { name: 'status', kind: 'enum' },
          { name: 'courseId', kind: 'token' },
        ],
      },
    }),
    get('/api/v1/admin/orders/:id', { signedIn: true, role: 'admin', params: { id: f.paidOrderId } }),
    // Analytics (decision 026): a range of IST days, at most 366.
    get('/api/v1/admin/analytics/overview', {
      signedIn: true,
      role: 'admin',
      query: {
        valid: { from: '2026-01-01', to: '2026-12-31' },
        fields: [
          { name: 'from', kind: 'token' },
          { name: 'to', kind: 'token' },
        ],
      },
    }),
    get('/api/v1/admin/analytics/courses/:id/funnel', {
      signedIn: true,
      role: 'admin',
      params: { id: ENROLLED_COURSE },
      query: {
        valid: { from: '2026-01-01', to: '2026-12-31' },
        fields: [
          { name: 'from', kind: 'token' },
          { name: 'to', kind: 'token' },
        ],
      },
    }),
    {
      method: 'POST',
      route: '/api/v1/admin/analytics/refresh',
      body: { type: 'empty' },
      answers: 'json',
      signedIn: true,
      role: 'admin',
      valid: 200,
    },
    get('/api/v1/admin/analytics/lessons/:id/drop-off', {
      signedIn: true,
      role: 'admin',
      params: { id: PAID_LESSON },
      query: {
        valid: { from: '2026-01-01', to: '2026-12-31' },
        fields: [
          { name: 'from', kind: 'token' },
          { name: 'to', kind: 'token' },
        ],
      },
    }),
    staff(
      'POST',
      '/api/v1/admin/orders/:id/refunds',
      { amount: 100, reason: 'Goodwill after a broken lesson.' },
      [
        // Paise, up to what is left of the order (more is refused too).
        { name: 'amount', kind: 'int', max: ORDER_PAISE, required: true },
        { name: 'reason', kind: 'text', max: 1000, required: true },
      ],
      { params: { id: f.paidOrderId } },
    ),
    get('/api/v1/admin/refunds', {
      signedIn: true,
      role: 'admin',
      query: {
        valid: { status: 'requested', limit: '10' },
        fields: [
          { name: 'status', kind: 'enum' },
          { name: 'limit', kind: 'int' },
        ],
      },
    }),
    staff(
      'POST',
      '/api/v1/admin/refunds/:id/decision',
      { decision: 'reject', reason: 'More than a quarter of the course was watched.' },
      [
        { name: 'decision', kind: 'enum', required: true },
        { name: 'reason', kind: 'text', max: 1000, required: true },
      ],
      { params: { id: f.refundRequestId } },
    ),
    // The support inbox (support and admins; sent as an admin): the learner's own contact message.
    get('/api/v1/admin/tickets', {
      signedIn: true,
      role: 'admin',
      query: {
        valid: {
          status: 'open',
          assignee: 'none',
          category: 'general',
          sort: 'urgent',
          cursor: encodeTicketCursor({ sort: 'urgent', micros: '0', id: '00000000-0000-4000-8000-000000000000' }),
          limit: '10',
        },
        fields: [
          { name: 'status', kind: 'enum' },
          { name: 'assignee', kind: 'token' },
          { name: 'category', kind: 'enum' },
          { name: 'sort', kind: 'enum' },
          { name: 'cursor', kind: 'token' },
          { name: 'limit', kind: 'int' },
        ],
      },
    }),
    get('/api/v1/admin/tickets/:ticketId', { signedIn: true, role: 'admin', params: { ticketId: f.ticketId } }),
    // Sets the status it has (a change of nothing, so the valid request may be sent again at the same version).
    staff(
      'PATCH',
      '/api/v1/admin/tickets/:ticketId',
      { version: 1, status: 'open' },
      [
        { name: 'version', kind: 'int', required: true },
        { name: 'status', kind: 'enum', required: false },
        { name: 'assigneeId', kind: 'uuid', required: false, nullable: true },
        { name: 'category', kind: 'enum', required: false },
        { name: 'priority', kind: 'enum', required: false },
      ],
      { params: { ticketId: f.ticketId } },
    ),
    staff(
      'POST',
      '/api/v1/admin/tickets/:ticketId/replies',
      { message: 'Your certificate is on your dashboard.', status: 'waiting' },
      [
        { name: 'message', kind: 'text', max: 5000, required: true },
        { name: 'status', kind: 'enum', required: false },
      ],
      { params: { ticketId: f.ticketId } },
    ),
    staff(
      'POST',
      '/api/v1/admin/tickets/:ticketId/notes',
      { note: 'Asked about certificates before.' },
      [{ name: 'note', kind: 'text', max: 5000, required: true }],
      { params: { ticketId: f.ticketId } },
    ),
    // API documentation and static files
    get('/api/docs', { signedIn: false, answers: 'static' }),
    get('/api/docs/', { signedIn: false, answers: 'static' }),
    get('/api/docs/json', { signedIn: false, answers: 'static' }),
    get('/api/docs/yaml', { signedIn: false, answers: 'static' }),
    // @fastify/swagger-ui redirects its index to the docs root.
    get('/api/docs/static/index.html', { signedIn: false, answers: 'static', valid: 302 }),
    get('/api/docs/static/swagger-initializer.js', { signedIn: false, answers: 'static' }),
    get('/api/docs/static/*', { signedIn: false, params: { '*': 'index.css' }, answers: 'static' }),
    get('/thumbnails/*', { signedIn: false, params: { '*': 'llm-evaluation.svg' }, answers: 'static' }),
    // The console's uploads: lesson videos over tus, captions, thumbnails (upload-endpoints.ts)
    ...uploadEndpoints(f),
    ...resourceEndpoints(f),
  ];
}

export const endpointKey = (e: Pick<EndpointSpec, 'method' | 'route'>) => `${e.method} ${e.route}`;
