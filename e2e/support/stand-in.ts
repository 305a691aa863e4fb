import { expect, type Page } from '@playwright/test';

/** Who signs in on the embedded default's sign-in stand-in: its demo admin, or anyone by name and email. */
export type StandInPerson = 'demo admin' | { name: string; email: string };

/**
 * Signs in through the sign-in stand-in (the local provider page of a product started by `startProduct`). With
 * `baseUrl` it starts at that product's /login; without, the page must already show /login (e.g. after a
 * "Sign In" click that should bring the learner back). Resolves once the app has landed and offers Logout.
 */
export async function signInWithStandIn(page: Page, who: StandInPerson, baseUrl?: string): Promise<void> {
  if (baseUrl) await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  if (who === 'demo admin') {
    await page.getByRole('button', { name: 'Sign in as the demo admin' }).click();
  } else {
    await page.getByLabel('Name').fill(who.name);
    await page.getByLabel('Email').fill(who.email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  await page.waitForURL((url) => url.pathname !== '/login' && !url.pathname.startsWith('/api/'));
  // In the DOM at every width: the phone layout keeps Logout in the closed menu.
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Logout', includeHidden: true }).first(),
  ).toBeAttached();
}

/**
 * Gives the account with `email` exactly `roles`, through the console's API as `admin` (a page signed in as an
 * admin of the product at `baseUrl`). The account must exist: sign its owner in once first.
 */
export async function setRolesByEmail(admin: Page, baseUrl: string, email: string, roles: string[]): Promise<void> {
  const found = await admin.request.get(`${baseUrl}/api/v1/admin/users?q=${encodeURIComponent(email)}`);
  const [user] = ((await found.json()) as { items: Array<{ id: string }> }).items;
  expect(user, `the account of ${email}`).toBeDefined();
  const granted = await admin.request.put(`${baseUrl}/api/v1/admin/users/${user?.id}/roles`, {
    headers: { origin: baseUrl },
    data: { roles },
  });
  expect(granted.status()).toBe(200);
}
