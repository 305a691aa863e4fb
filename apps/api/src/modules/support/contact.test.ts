import { contactHealthSchema, contactResponseSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import { contactMessages, users } from '../../db/schema.ts';
import { createSession, SESSION_COOKIE } from '../auth/session.ts';
import { CONTACT_RATE_LIMIT } from './routes.ts';
import { TICKET_ID_PATTERN } from './ticket-id.ts';

const valid = {
  name: 'Asha Menon',
  email: 'Asha.Menon@Example.com',
  phone: '+91 98450 12345',
  subject: 'Certificate for the RAG course',
  category: 'general',
  message: 'Hello, where do I find my certificate after finishing the course?',
};

// Rate-limit counters live for the whole file, so each test speaks from an address of its own.
let lastOctet = 1;
const nextIp = () => `10.20.0.${lastOctet++}`;

describe('contact', () => {
  const ctx = useTestApp({ seed: false });

  const submit = (payload: unknown, options: { ip?: string; cookie?: string; origin?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact/submit',
      payload: payload as Record<string, unknown>,
      remoteAddress: options.ip ?? nextIp(),
      headers: {
        origin: options.origin ?? TEST_ORIGIN,
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });

  const storedRows = () => ctx.database.db.select().from(contactMessages);

  it('stores a valid message and answers success, a message and a readable ticket id', async () => {
    const res = await submit(valid);
    expect(res.statusCode).toBe(200);
    const body = contactResponseSchema.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.ticket_id).toMatch(TICKET_ID_PATTERN);
    expect(body.message).toBe(
      'Thank you, Asha Menon. We have received your message and will reply to Asha.Menon@Example.com within 24 hours.',
    );
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ticketId: body.ticket_id,
      name: 'Asha Menon',
      email: 'asha.menon@example.com',
      phone: '+91 98450 12345',
      subject: valid.subject,
      category: 'general',
      message: valid.message,
      userId: null,
    });
  });

  it('trims fields, treats an empty phone as none, and promises 48 hours for business', async () => {
    const res = await submit({ ...valid, name: '  Ravi  ', phone: '', category: 'partnership' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('within 48 hours');
    const [row] = await storedRows();
    expect(row).toMatchObject({ name: 'Ravi', phone: null, category: 'partnership' });
  });

  it('accepts a message without a phone field at all', async () => {
    const { phone: _phone, ...withoutPhone } = valid;
    expect((await submit(withoutPhone)).statusCode).toBe(200);
  });

  it('links the message to the signed-in learner', async () => {
    const [user] = await ctx.database.db
      .insert(users)
      .values({ email: 'learner@example.com', name: 'Learner' })
      .returning();
    if (!user) throw new Error('no user');
    const { token } = await createSession(ctx.database.db, user.id, ctx.clock.now);
    const res = await submit(valid, { cookie: `${SESSION_COOKIE}=${token}` });
    expect(res.statusCode).toBe(200);
    const [row] = await storedRows();
    expect(row?.userId).toBe(user.id);
  });

  it.each([
    ['name missing', { name: undefined }, 'Name is required.'],
    ['name blank', { name: '   ' }, 'Name is required.'],
    ['name too long', { name: 'n'.repeat(101) }, 'Name must be at most 100 characters.'],
    ['email missing', { email: undefined }, 'Email is required.'],
    ['email malformed', { email: 'asha@' }, 'Email must be a valid email address.'],
    ['email too long', { email: `${'a'.repeat(250)}@x.io` }, 'Email must be at most 254 characters.'],
    ['phone with letters', { phone: 'call me' }, 'Phone may contain only digits'],
    ['subject missing', { subject: undefined }, 'Subject is required.'],
    ['subject too long', { subject: 's'.repeat(201) }, 'Subject must be at most 200 characters.'],
    ['category unknown', { category: 'sales' }, 'category'],
    ['category missing', { category: undefined }, 'category'],
    ['message missing', { message: undefined }, 'Message is required.'],
    ['message too long', { message: 'm'.repeat(5001) }, 'Message must be at most 5000 characters.'],
  ])('answers 400 with a readable detail when the %s, and stores nothing', async (_case, change, detail) => {
    const res = await submit({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request' });
    expect(res.json().detail).toContain(detail);
    expect(await storedRows()).toHaveLength(0);
  });

  it('answers 400 for a body that is not JSON, and 403 for another site', async () => {
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact/submit',
      payload: '{"name":',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      remoteAddress: nextIp(),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toBe('The request body is not valid JSON.');
    const foreign = await submit(valid, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await storedRows()).toHaveLength(0);
  });

  it(`limits each address to ${CONTACT_RATE_LIMIT.max} messages per window, with a 429 and a detail`, async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await submit(valid, { ip })).statusCode).toBe(200);
    }
    const limited = await submit(valid, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'rate_limited',
      detail:
        'You have sent several messages in a short time. Please wait a few minutes and try again, or email us at support@kaushal.ai.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedRows()).toHaveLength(CONTACT_RATE_LIMIT.max);
    // Another visitor is not affected.
    expect((await submit(valid)).statusCode).toBe(200);
  });

  it('gives every message its own ticket id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 4; i++) ids.add((await submit(valid)).json().ticket_id);
    expect(ids.size).toBe(4);
    const rows = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.name, valid.name));
    expect(rows).toHaveLength(4);
  });

  it('reports its health', async () => {
    const res = await ctx.app.inject('/api/v1/contact/health');
    expect(res.statusCode).toBe(200);
    expect(contactHealthSchema.parse(res.json())).toEqual({ status: 'ok', service: 'contact' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
