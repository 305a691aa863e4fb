import { DEFAULT_SETTINGS } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toasters } from '@/components/ui/toaster';
import { activateLanguage } from '@/lib/i18n/i18n';
import { createMemoryRouter, Outlet, RouterProvider } from '@/lib/router';
import { sessionQueryKey, useSession } from '@/lib/session';
import { json, stubApi } from '@/lib/session/testing';
import { applyTheme, THEME_STORAGE_KEY } from '@/lib/theme';
import { SettingsPage } from './settings-page';

const user = { id: 'u1', email: 'asha@example.com', name: 'Asha Menon', avatarUrl: null };

/** Like the app's signed-in layout: the page is rendered only while a learner is signed in. */
function SignedInOnly() {
  return useSession().status === 'authenticated' ? <Outlet /> : null;
}

function renderSettings() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, user);
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { element: <SignedInOnly />, children: [{ path: '/settings', element: <SettingsPage /> }] },
    ],
    { initialEntries: ['/settings'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      {/* As react-router/dom's RouterProvider does in the app. */}
      <RouterProvider router={router} />
      <Toasters />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

const htmlTheme = () => (document.documentElement.classList.contains('light') ? 'light' : 'dark');

beforeEach(() => {
  localStorage.clear();
  applyTheme('dark');
});

describe('SettingsPage', () => {
  it('shows the four cards with the saved preferences (spec defaults)', async () => {
    stubApi({ 'GET /api/v1/users/me/settings': () => json(200, DEFAULT_SETTINGS) });
    renderSettings();
    expect(await screen.findByRole('switch', { name: 'Email Notifications' })).toBeChecked();
    for (const title of ['Notifications', 'Appearance', 'Language and Region', 'Privacy and Security']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: 'Push Notifications' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Course Reminders' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Auto-download Videos' })).not.toBeChecked();
    expect(screen.getByLabelText('Theme')).toHaveValue('dark');
    expect(screen.getByLabelText('Language')).toHaveValue('en');
    expect(
      within(screen.getByLabelText('Language'))
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['en', 'English'],
      ['hi', 'हिन्दी'],
      ['es', 'Español'],
      ['fr', 'Français'],
      ['de', 'Deutsch'],
    ]);
  });

  it('applies a theme at once, saves the page’s preferences and says so', async () => {
    let sent: unknown;
    stubApi({
      'GET /api/v1/users/me/settings': () => json(200, { ...DEFAULT_SETTINGS, playbackRate: 1.5 }),
      'PUT /api/v1/users/me/settings': (init) => {
        sent = JSON.parse(String(init?.body));
        return json(200, { ...(sent as object), playbackRate: 1.5 });
      },
    });
    renderSettings();
    await userEvent.click(await screen.findByRole('switch', { name: 'Push Notifications' }));
    await userEvent.selectOptions(screen.getByLabelText('Theme'), 'light');
    expect(htmlTheme()).toBe('light');
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    // The saved language applies at once (docs/decisions/030): the confirmation is already in French.
    expect(await screen.findByText('Paramètres enregistrés')).toBeInTheDocument();
    expect(screen.getByText('Vos préférences ont bien été mises à jour.')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    await activateLanguage('en');
    // The player's speed is not the page's to send.
    expect(sent).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      courseReminders: true,
      theme: 'light',
      language: 'fr',
      autoDownloadVideos: false,
    });
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(htmlTheme()).toBe('light');
  });

  it('puts the saved theme back when the learner leaves without saving', async () => {
    stubApi({ 'GET /api/v1/users/me/settings': () => json(200, DEFAULT_SETTINGS) });
    const { router } = renderSettings();
    await userEvent.selectOptions(await screen.findByLabelText('Theme'), 'light');
    expect(htmlTheme()).toBe('light');
    await router.navigate('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(htmlTheme()).toBe('dark');
  });

  it('deletes the account only after the learner typed their email, then signs out and goes home', async () => {
    const calls = stubApi({
      'GET /api/v1/users/me/settings': () => json(200, { ...DEFAULT_SETTINGS, theme: 'light' }),
      'DELETE /api/v1/users/me': () => new Response(null, { status: 204 }),
    });
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const { queryClient, router } = renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    const input = within(dialog).getByLabelText(/Type your email/);
    await userEvent.type(input, 'asha@example.co');
    expect(confirm).toBeDisabled();
    await userEvent.type(input, 'm');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calls).toContain('DELETE /api/v1/users/me');
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['account', 'settings', user.id])).toBeUndefined();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(htmlTheme()).toBe('dark');
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
  });

  it('Cancel closes the confirmation without deleting anything', async () => {
    const calls = stubApi({ 'GET /api/v1/users/me/settings': () => json(200, DEFAULT_SETTINGS) });
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual(['GET /api/v1/users/me/settings']);
  });
});
