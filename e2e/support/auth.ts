import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { FAKE_PROFILE_COOKIE, type FakeProfile } from './fake-oauth.ts';

export type { FakeProfile } from './fake-oauth.ts';

/** A fresh address per call, so every test has a learner of its own. */
export const uniqueEmail = (prefix = 'learner') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

function fakeOAuthUrl(): string {
  const url = process.env.E2E_FAKE_OAUTH_URL;
  if (!url) throw new Error('E2E_FAKE_OAUTH_URL is not set: run the tests through playwright (e2e/global-setup.ts)');
  return url;
}

/**
 * Decides who the fake provider signs in next in this browser context (a cookie on the fake's origin), and
 * how it behaves (deny consent, unverified email…).
 */
export async function useFakeProfile(page: Page, profile: FakeProfile): Promise<void> {
  await page
    .context()
    .addCookies([
      { name: FAKE_PROFILE_COOKIE, value: encodeURIComponent(JSON.stringify(profile)), url: fakeOAuthUrl() },
    ]);
}

/**
 * Signs a learner in through the real flow: /login, the provider button, the fake provider's redirects, the
 * code exchange and the profile fetch. Resolves once the app has landed (on the stored path, or /dashboard)
 * and the top navigation offers Logout. Defaults: a fresh learner named 'Test Learner', via Google.
 */
/** Logout in any interface language: a learner's saved language applies as soon as they sign in (decision 030). */
const LOGOUT = /^(Logout|लॉग आउट|Cerrar sesión|Se déconnecter|Abmelden)$/;

export async function signIn(
  page: Page,
  person: Partial<Omit<FakeProfile, 'deny' | 'failTokenExchange' | 'failProfile'>> & {
    provider?: 'google' | 'github';
  } = {},
): Promise<FakeProfile> {
  const { provider = 'google', ...rest } = person;
  const profile: FakeProfile = { ...rest, name: rest.name ?? 'Test Learner', email: rest.email ?? uniqueEmail() };
  await useFakeProfile(page, profile);
  await page.goto('/login');
  await page.getByRole('link', { name: provider === 'google' ? 'Sign in with Google' : 'Sign in with GitHub' }).click();
  await page.waitForURL((url) => url.pathname !== '/login' && !url.pathname.startsWith('/api/'));
  // Signed in once the navigation offers Logout (in the DOM at every width; the phone layout keeps it in the
  // closed menu). The name shown may be an earlier one: a returning learner keeps the name they had.
  await expect(
    page.getByRole('banner').getByRole('button', { name: LOGOUT, includeHidden: true }).first(),
  ).toBeAttached();
  return profile;
}
