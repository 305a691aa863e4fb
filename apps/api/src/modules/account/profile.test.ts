import { userSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { users } from '../../db/schema.ts';
import { createLearner, type Learner } from '../learning/test-support.ts';

describe('PATCH /users/me', () => {
  const ctx = useTestApp({ seed: false });
  const patch = (learner: Learner | null, payload: unknown, origin = ctx.app.deps.config.publicUrl) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: { origin, ...(learner ? { cookie: learner.cookie } : {}) },
      payload: payload as object,
    });
  const storedName = async (learner: Learner) =>
    (await ctx.database.db.select({ name: users.name }).from(users).where(eq(users.id, learner.id)))[0]?.name;

  it('saves the trimmed name and answers the user; /auth/me shows it at once', async () => {
    const learner = await createLearner(ctx);
    const res = await patch(learner, { name: '   Asha Menon  ' });
    expect(res.statusCode).toBe(200);
    const user = userSchema.parse(res.json());
    expect(user).toEqual({
      id: learner.id,
      email: expect.stringMatching(/@example\.com$/),
      name: 'Asha Menon',
      avatarUrl: null,
      roles: [],
    });
    expect(Object.keys(res.json() as object).sort()).toEqual(['avatarUrl', 'email', 'id', 'name', 'roles']);
    expect(await storedName(learner)).toBe('Asha Menon');
    const me = await ctx.app.inject({ url: '/api/v1/auth/me', headers: { cookie: learner.cookie } });
    expect(me.json()).toMatchObject({ name: 'Asha Menon' });
  });

  it('counts visible characters: 80 emoji or accented letters are allowed, 81 are not', async () => {
    const learner = await createLearner(ctx);
    const eighty = '👩🏽‍💻'.repeat(80);
    expect((await patch(learner, { name: eighty })).statusCode).toBe(200);
    expect(await storedName(learner)).toBe(eighty);
    const decomposed = 'e\u0301'.repeat(80); // é as e + combining accent: stored composed (NFC)
    expect((await patch(learner, { name: decomposed })).statusCode).toBe(200);
    expect(await storedName(learner)).toBe('é'.repeat(80));
    const res = await patch(learner, { name: 'é'.repeat(81) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Invalid request body: name: Name must be at most 80 characters.',
      code: 'invalid_request',
    });
  });

  it.each([
    ['empty', '', 'Name is required.'],
    ['whitespace only', '   \t  ', 'Name is required.'],
    ['zero-width only', '\u200B\u200D', 'Name is required.'],
    ['81 characters', 'a'.repeat(81), 'Name must be at most 80 characters.'],
    ['far too long', 'a'.repeat(5000), 'Name must be at most 80 characters.'],
    ['two lines', 'Asha\nMenon', 'Name must be on one line, without control characters.'],
  ])('refuses a name that is %s with 400 and a readable detail, and keeps the old name', async (_, name, detail) => {
    const learner = await createLearner(ctx);
    const res = await patch(learner, { name });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: `Invalid request body: name: ${detail}`, code: 'invalid_request' });
    expect(await storedName(learner)).toBe('Test Learner');
  });

  it('refuses a missing name, a non-string name and other fields (the email cannot be changed)', async () => {
    const learner = await createLearner(ctx);
    for (const body of [{}, { name: 42 }, { name: 'Asha', email: 'other@example.com' }]) {
      const res = await patch(learner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_request',
        detail: expect.stringMatching(/^Invalid request body/),
      });
    }
    expect(await storedName(learner)).toBe('Test Learner');
  });

  it('needs sign-in and our own origin', async () => {
    expect((await patch(null, { name: 'Asha' })).statusCode).toBe(401);
    const learner = await createLearner(ctx);
    const foreign = await patch(learner, { name: 'Mallory' }, 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(await storedName(learner)).toBe('Test Learner');
  });
});
