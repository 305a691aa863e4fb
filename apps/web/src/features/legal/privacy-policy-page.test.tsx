import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n/i18n';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { PrivacyPolicyPage } from './privacy-policy-page';

const renderPage = () => {
  const router = createMemoryRouter([{ path: '/privacy-policy', element: <PrivacyPolicyPage /> }], {
    initialEntries: ['/privacy-policy'],
  });
  render(<RouterProvider router={router} />);
};

describe('/privacy-policy', () => {
  it('in English, the policy is the page: no notice', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.queryByText(/published in English only/)).not.toBeInTheDocument();
  });

  it('in Hindi, the frame is translated and says the English policy applies; the policy stays English, marked so', async () => {
    await activateLanguage('hi');
    try {
      renderPage();
      expect(screen.getByRole('heading', { level: 1, name: 'गोपनीयता नीति' })).toBeInTheDocument();
      expect(screen.getByText('यह नीति केवल अंग्रेज़ी में प्रकाशित है। नीचे दिया गया अंग्रेज़ी पाठ ही मान्य है।')).toBeInTheDocument();
      const section = screen.getByRole('heading', { level: 2, name: '6. Data Retention' });
      expect(section.closest('[lang]')).toHaveAttribute('lang', 'en');
      expect(screen.getByText('Last updated December 2024').closest('[lang]')).toHaveAttribute('lang', 'en');
      const related = screen.getByRole('navigation', { name: 'संबंधित नीतियाँ' });
      expect(related).toHaveTextContent(
        'हमारी गोपनीयता नीति, रिफ़ंड नीति और नियम और शर्तें भी देखें। कोई सवाल है? हमसे संपर्क करें।',
      );
      expect(related.closest('[lang]')).toBeNull();
      expect(document.title).toBe('गोपनीयता नीति | Kaushal AI');
    } finally {
      await activateLanguage('en');
    }
  });

  it('says what is kept after an account is deleted, for how long and why', () => {
    const router = createMemoryRouter([{ path: '/privacy-policy', element: <PrivacyPolicyPage /> }], {
      initialEntries: ['/privacy-policy'],
    });
    render(<RouterProvider router={router} />);
    const retention = screen.getByRole('heading', { level: 2, name: '6. Data Retention' }).closest('section');
    expect(retention).toHaveTextContent(
      'Deleting your account also deletes the messages you sent us through the contact form.',
    );
    expect(retention).toHaveTextContent('no longer linked to you or to any account');
    expect(retention).toHaveTextContent(
      'We keep it for eight financial years after the year of the payment, the longest period Indian company and tax law requires businesses to keep their accounts, and then delete it.',
    );
  });
});
