import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PrivacyPolicyPage } from './privacy-policy-page';

describe('/privacy-policy', () => {
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
