import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n/i18n';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { json, stubApi } from '@/lib/session/testing';
import { CertificatePage } from './certificate-page';

const ID = 'OXcBG9QKDC7MW9Fv7NuK0Q';

function renderPage(id = ID) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/certificates/:id', element: <CertificatePage /> }], {
    initialEntries: [`/certificates/${id}`],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The API's answer for certificate ID: verified, 2 hours watched, one quiz; `overrides` change any field. */
const certificate = (overrides: Record<string, unknown> = {}) =>
  json(200, {
    id: ID,
    learnerName: 'Asha Menon',
    course: { id: 'rag-from-scratch', title: 'RAG from Scratch' },
    issuedAt: '2026-11-20T10:00:00.000Z',
    watchedSeconds: 7200,
    quizScores: [{ title: 'Retrieval basics', scorePercent: 80 }],
    status: 'verified',
    revokedAt: null,
    verificationUrl: `http://localhost/certificates/${ID}`,
    linkedInUrl: 'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME',
    ...overrides,
  });

describe('CertificatePage', () => {
  it('is drawn in the chosen language (Hindi), with a Hindi date and watched time; names stay as written', async () => {
    stubApi({
      [`GET /api/v1/certificates/${ID}`]: () =>
        certificate({ watchedSeconds: 7500, quizScores: [], status: 'revoked', revokedAt: '2026-11-21T10:00:00.000Z' }),
    });
    await activateLanguage('hi');
    try {
      renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: 'कोर्स पूरा करने का प्रमाणपत्र' })).toBeInTheDocument();
      expect(screen.getByText('21 नवंबर 2026 को रद्द किया गया')).toBeInTheDocument();
      expect(screen.getByText('20 नवंबर 2026')).toBeInTheDocument();
      expect(screen.getByText('2 घंटे 5 मिनट')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'RAG from Scratch' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'PDF डाउनलोड करें' })).toBeInTheDocument();
    } finally {
      await activateLanguage('en');
    }
  });

  it('shows the certificate with its status, course link, PDF and LinkedIn links', async () => {
    stubApi({
      [`GET /api/v1/certificates/${ID}`]: () => certificate(),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate of completion' })).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Asha Menon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'RAG from Scratch' })).toHaveAttribute('href', '/course/rag-from-scratch');
    expect(screen.getByText('2 h')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Quiz scores' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/v1/certificates/${ID}/pdf`,
    );
    const linkedIn = screen.getByRole('link', { name: /Add to LinkedIn profile/ });
    expect(linkedIn).toHaveAttribute('href', 'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME');
    expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');
    expect(document.title).toBe('RAG from Scratch: certificate of Asha Menon | Kaushal AI');
  });

  it('says a deleted account’s certificate no longer exists', async () => {
    stubApi({
      [`GET /api/v1/certificates/${ID}`]: () =>
        json(410, { code: 'certificate_deleted', detail: 'This certificate no longer exists.' }),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This certificate no longer exists' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/account it was issued to has since been deleted/);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says no certificate has an unknown or malformed id', async () => {
    stubApi({
      'GET /api/v1/certificates/not-a-real-id': () => json(400, { code: 'invalid_request', detail: 'Invalid id' }),
    });
    renderPage('not-a-real-id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/courses');
  });
});
