import { DEFAULT_SETTINGS, settingsSchema } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { users } from '../../db/schema.ts';
import { asLearner, createLearner, type Learner } from '../learning/test-support.ts';
import { resolveSettings } from './settings.ts';

const url = '/api/v1/users/me/settings';

describe('GET and PUT /users/me/settings', () => {
  const ctx = useTestApp({ seed: false });
  const stored = async (learner: Learner) =>
    (await ctx.database.db.select({ settings: users.settings }).from(users).where(eq(users.id, learner.id)))[0]
      ?.settings;

  it('answers the spec defaults for a new learner', async () => {
    const res = await asLearner(ctx, await createLearner(ctx)).get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      emailNotifications: true,
      pushNotifications: false,
      courseReminders: true,
      theme: 'dark',
      language: 'en',
      autoDownloadVideos: false,
      playbackRate: 1,
    });
  });

  it('merges a partial update over what is stored and answers the full settings', async () => {
    const learner = await createLearner(ctx);
    const as = asLearner(ctx, learner);
    const first = await as.put(url, { theme: 'light', pushNotifications: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', pushNotifications: true });
    const second = await as.put(url, { language: 'de', pushNotifications: false });
    expect(second.json()).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', language: 'de' });
    expect((await as.get(url)).json()).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', language: 'de' });
    expect(await stored(learner)).toEqual({ theme: 'light', language: 'de', pushNotifications: false });
    // An empty update changes nothing.
    expect((await as.put(url, {})).json()).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', language: 'de' });
  });

  it('keeps Hindi as a language, and refuses a language the interface does not have with a 400', async () => {
    const as = asLearner(ctx, await createLearner(ctx));
    expect((await as.put(url, { language: 'hi' })).json()).toMatchObject({ language: 'hi' });
    for (const language of ['xx', 'EN', 'hi-IN', '', 42]) {
      const res = await as.put(url, { language });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json()).toHaveProperty('detail');
    }
    expect((await as.get(url)).json()).toMatchObject({ language: 'hi' });
  });

  it('keeps both of two saves made at the same time', async () => {
    const learner = await createLearner(ctx);
    const as = asLearner(ctx, learner);
    const [a, b] = await Promise.all([as.put(url, { theme: 'auto' }), as.put(url, { playbackRate: 1.5 })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await as.get(url)).json()).toMatchObject({ theme: 'auto', playbackRate: 1.5 });
  });

  it.each([
    ['an unknown key', { darkMode: true }, /Unrecognized key/],
    ['a theme that does not exist', { theme: 'blue' }, /^Invalid request body: theme: /],
    ['a language that is not offered', { language: 'it' }, /^Invalid request body: language: /],
    ['a switch that is not a boolean', { emailNotifications: 'yes' }, /^Invalid request body: emailNotifications: /],
    ['a speed out of range', { playbackRate: 3 }, /^Invalid request body: playbackRate: /],
    ['a list instead of an object', [], /^Invalid request body/],
  ])('refuses %s with 400 and stores nothing', async (_, body, detail) => {
    const learner = await createLearner(ctx);
    const res = await asLearner(ctx, learner).put(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', detail: expect.stringMatching(detail) });
    expect(await stored(learner)).toEqual({});
  });

  it('falls back to the default for a stored value this version does not accept', async () => {
    const learner = await createLearner(ctx);
    await ctx.database.db
      .update(users)
      .set({ settings: { theme: 'neon', language: 'fr', legacy: 1 } })
      .where(eq(users.id, learner.id));
    expect((await asLearner(ctx, learner).get(url)).json()).toEqual({ ...DEFAULT_SETTINGS, language: 'fr' });
  });

  it('needs sign-in', async () => {
    expect((await asLearner(ctx, null).get(url)).statusCode).toBe(401);
    expect((await asLearner(ctx, null).put(url, { theme: 'light' })).statusCode).toBe(401);
  });
});

describe('resolveSettings', () => {
  it('always answers complete, valid settings', () => {
    expect(settingsSchema.parse(resolveSettings({}))).toEqual(DEFAULT_SETTINGS);
    expect(resolveSettings({ theme: 'auto', playbackRate: 'fast', courseReminders: false })).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'auto',
      courseReminders: false,
    });
  });
});
