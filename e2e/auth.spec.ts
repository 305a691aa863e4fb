import { expect, type Page, test } from '@playwright/test';
import { signIn, uniqueEmail, useFakeProfile } from './support/auth.ts';

const SESSION_COOKIE = 'kaushal_session';

const sidebar = (page: Page) => page.getByRole('region', { name: 'Your account' });
const topNav = (page: Page) => page.getByRole('banner');

test('Google: a guarded page sends a visitor to sign in and back; reload keeps the session; Logout ends it', async ({
  page,
}) => {
  const email = uniqueEmail('asha');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  await useFakeProfile(page, { name: 'Asha Menon', email });
  // Every hop of the real flow: our login, the provider's authorize, our callback, the SPA's /login.
  const hops: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) hops.push(new URL(request.url()).pathname);
  });
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(hops).toEqual(['/api/v1/auth/google/login', '/google/authorize', '/api/v1/auth/google/callback', '/login']);
  await expect(page.getByText('Welcome back!')).toBeVisible();

  await expect(topNav(page).getByText('Asha Menon', { exact: true })).toBeVisible();
  await expect(sidebar(page).getByText('Asha Menon', { exact: true })).toBeVisible();
  await expect(sidebar(page).getByText(email)).toBeVisible();
  // No picture from the provider: generated initials.
  await expect(sidebar(page).getByText('AM', { exact: true })).toBeVisible();

  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

  await page.reload();
  await expect(sidebar(page).getByText('Asha Menon', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  await sidebar(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(topNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect((await page.request.get('/api/v1/auth/me')).status()).toBe(401);

  // The old cookie value is dead on the server too.
  const replay = await page.request.get('/api/v1/auth/me', {
    headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` },
  });
  expect(replay.status()).toBe(401);
});

test('GitHub: Sign In from a course page returns there; a picture that fails to load falls back to initials', async ({
  page,
  baseURL,
}) => {
  await page.goto('/courses');
  const card = page.getByRole('list', { name: 'Courses' }).getByRole('listitem').first();
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/course\//);
  const coursePath = new URL(page.url()).pathname;

  await useFakeProfile(page, {
    name: 'Dev Raj',
    email: uniqueEmail('dev'),
    avatarUrl: `${baseURL}/no-such-picture.png`,
  });
  await topNav(page).getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await expect(page).toHaveURL(new RegExp(`${coursePath}$`));
  await expect(topNav(page).getByText('Dev Raj', { exact: true })).toBeVisible();
  await expect(topNav(page).getByText('DR', { exact: true })).toBeVisible();
});

test('Sign In followed before the app starts on a server-drawn course page still returns there', async ({ page }) => {
  // The app's code held back on the course page: its Sign In is the server's plain link to /login (decision 029).
  let holdScripts = true;
  await page.route('**/assets/*.js', (route) => (holdScripts ? route.abort() : route.continue()));
  await page.goto('/course/python-for-ai');
  await useFakeProfile(page, { name: 'Early Clicker', email: uniqueEmail('early') });
  holdScripts = false;
  await topNav(page).getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/course\/python-for-ai$/);
  await expect(topNav(page).getByText('Early Clicker', { exact: true })).toBeVisible();
});

test('the same verified email through Google and GitHub is one learner', async ({ page }) => {
  const email = uniqueEmail('meera');
  await signIn(page, { name: 'Meera Iyer', email, provider: 'google' });
  const first = await (await page.request.get('/api/v1/auth/me')).json();
  await topNav(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, { name: 'Meera on GitHub', email: email.toUpperCase(), provider: 'github' });
  const second = await (await page.request.get('/api/v1/auth/me')).json();
  expect(second).toEqual(first);
  await expect(topNav(page).getByText('Meera Iyer', { exact: true })).toBeVisible();
});

test('a refused consent shows Login failed with the reason, and signing in again works', async ({ page }) => {
  const email = uniqueEmail('deny');
  await page.goto('/login');
  await useFakeProfile(page, { name: 'Kiran', email, deny: true });
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/login\?error=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('You cancelled signing in with Google.')).toHaveCount(2);
  await expect(page.getByText('Login failed')).toHaveCount(2);

  await useFakeProfile(page, { name: 'Kiran', email });
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(topNav(page).getByText('Kiran', { exact: true })).toBeVisible();
});

test('an expired session sends the learner to /login, and signing in again returns to the page', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(page, { name: 'Expiring Learner' });
  await page.goto('/settings');
  await expect(sidebar(page).getByText('Expiring Learner', { exact: true })).toBeVisible();

  // The server no longer knows this session (as after expiry): replace the cookie with an unknown token.
  await context.addCookies([
    { name: SESSION_COOKIE, value: 'x'.repeat(43), url: baseURL ?? '', httpOnly: true, sameSite: 'Lax' },
  ]);
  expect((await page.request.get('/api/v1/auth/me')).status()).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(topNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(sidebar(page).getByText('Expiring Learner', { exact: true })).toBeVisible();
});

test('a 401 from an API call (not the session probe) loads /login and brings the learner back after sign-in', async ({
  page,
  context,
  baseURL,
}) => {
  // Signed in on /profile, so the dashboard's data has not been fetched yet.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await useFakeProfile(page, { name: 'Lapsed Learner', email: uniqueEmail('lapsed') });
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(sidebar(page).getByText('Lapsed Learner', { exact: true })).toBeVisible();

  // The session ends on the server while the page still believes it is signed in.
  await context.addCookies([
    { name: SESSION_COOKIE, value: 'y'.repeat(43), url: baseURL ?? '', httpOnly: true, sameSite: 'Lax' },
  ]);
  await page.evaluate(() => {
    (window as unknown as { beforeReload: boolean }).beforeReload = true;
  });
  const dashboardCall = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/dashboard');
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  expect((await dashboardCall).status()).toBe(401);
  await expect(page).toHaveURL(/\/login$/);
  // A full page load: nothing of the signed-in page survived.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false))
    .toBe(false);
  await expect(topNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sidebar(page).getByText('Lapsed Learner', { exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a closed menu that opens, navigates and closes', async ({ page }) => {
    await signIn(page, { name: 'Mobile Learner' });
    await expect(page).toHaveURL(/\/dashboard$/);
    const toggle = sidebar(page).getByRole('button', { name: 'Expand sidebar' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar(page).getByRole('link', { name: 'Profile' })).toBeHidden();
    await toggle.click();
    await sidebar(page).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(sidebar(page).getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
