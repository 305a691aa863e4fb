import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toasters } from '@/components/ui/toaster';
import { activateLanguage } from '@/lib/i18n/i18n';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { sessionQueryKey } from '@/lib/session';
import { json, stubApi } from '@/lib/session/testing';
import { ProfilePage } from './profile-page';

const user = { id: 'u1', email: 'asha@example.com', name: 'Asha Menon', avatarUrl: null };

function renderProfile() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, user);
  const router = createMemoryRouter([{ path: '/profile', element: <ProfilePage /> }], {
    initialEntries: ['/profile'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      {/* As react-router/dom's RouterProvider does in the app. */}
      <RouterProvider router={router} />
      <Toasters />
    </QueryClientProvider>,
  );
  return queryClient;
}

const nameField = () => screen.getByLabelText('Full Name');

describe('ProfilePage', () => {
  it('is drawn in the chosen language (Hindi); the name and email stay as they are', async () => {
    stubApi({});
    await activateLanguage('hi');
    try {
      renderProfile();
      expect(screen.getByRole('heading', { level: 1, name: 'प्रोफ़ाइल' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'निजी जानकारी' })).toBeInTheDocument();
      expect(screen.getByLabelText('पूरा नाम')).toHaveValue('Asha Menon');
      expect(screen.getByLabelText('ईमेल')).toHaveAccessibleDescription('इसे बदला नहीं जा सकता');
      expect(screen.getByRole('region', { name: 'खाते की जानकारी' })).toHaveTextContent('सदस्य कब सेजनवरी 2024');
      expect(screen.getByRole('link', { name: 'खरीद का इतिहास' })).toHaveAttribute('href', '/purchases');
      expect(screen.getByRole('button', { name: 'प्रोफ़ाइल बदलें' })).toBeInTheDocument();
    } finally {
      await activateLanguage('en');
    }
  });

  it('shows the personal information, the email that cannot be changed and the account stats', () => {
    stubApi({});
    renderProfile();
    expect(screen.getByRole('region', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.getByText('AM')).toBeInTheDocument();
    expect(nameField()).toHaveValue('Asha Menon');
    expect(nameField()).toHaveAttribute('readonly');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('asha@example.com');
    expect(email).toBeDisabled();
    expect(email).toHaveAccessibleDescription('Cannot be changed');
    const stats = screen.getByRole('region', { name: 'Account Stats' });
    expect(stats).toHaveTextContent('Member sinceJanuary 2024');
    expect(stats).toHaveTextContent('EmailVerified');
    expect(stats).toHaveTextContent('Last loginToday');
    expect(screen.getByRole('link', { name: 'Purchase history' })).toHaveAttribute('href', '/purchases');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('Cancel leaves edit mode and puts the saved name back, without a call', async () => {
    const calls = stubApi({});
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(nameField()).toHaveFocus();
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Someone Else');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(nameField()).toHaveValue('Asha Menon');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('Save Changes saves the trimmed name, says so, and updates the signed-in user everywhere', async () => {
    let sent: unknown;
    stubApi({
      'PATCH /api/v1/users/me': (init) => {
        sent = JSON.parse(String(init?.body));
        return json(200, { ...user, name: 'Asha M. Menon' });
      },
    });
    const queryClient = renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), '  Asha M. Menon ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(screen.getByText('Your profile has been updated successfully.')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Asha M. Menon' });
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ ...user, name: 'Asha M. Menon' });
    expect(nameField()).toHaveValue('Asha M. Menon');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('refuses an empty name before any call', async () => {
    const calls = stubApi({});
    renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required.');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('says the update failed and stays in edit mode when the server refuses it', async () => {
    stubApi({ 'PATCH /api/v1/users/me': () => json(500, { code: 'internal_error' }) });
    const queryClient = renderProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await userEvent.type(nameField(), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(user);
  });
});
