import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n/i18n';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { ContactPage } from './contact-page';

describe('ContactPage', () => {
  it('is drawn in the chosen language (Hindi): cards, categories, form labels and hours', async () => {
    await activateLanguage('hi');
    try {
      const router = createMemoryRouter([{ path: '/contact-us', element: <ContactPage /> }], {
        initialEntries: ['/contact-us'],
      });
      render(
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'संपर्क करें' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^सामान्य सहायता/ })).toHaveTextContent('सामान्य सहायता को लिखें');
      expect(screen.getByLabelText(/^पूरा नाम/)).toBeInTheDocument();
      const category = screen.getByLabelText(/^श्रेणी/);
      expect(within(category).getByRole('option', { name: 'बिलिंग और भुगतान' })).toHaveValue('billing');
      expect(screen.getByRole('button', { name: 'संदेश भेजें' })).toBeInTheDocument();
      const hours = screen.getByRole('heading', { name: 'सहायता का समय' }).closest('li') as HTMLElement;
      expect(hours).toHaveTextContent('सोमवार - शुक्रवारसुबह 9:00 - रात 8:00 IST');
      expect(screen.getByRole('heading', { name: 'जवाब के समय की हमारी गारंटी' })).toBeInTheDocument();
    } finally {
      await activateLanguage('en');
    }
  });
});
