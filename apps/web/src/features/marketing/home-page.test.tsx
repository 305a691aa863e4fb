import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n/i18n';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { sessionQueryKey } from '@/lib/session';
import { AboutPage } from './about-page';
import { FinalCta } from './components/final-cta';
import { Hero } from './components/hero';
import { WhyChoose } from './components/why-choose';

/** A visitor (no session) on a page made of `element`. */
function renderForVisitor(element: ReactNode) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryKey, null);
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** Draws the page in Hindi, then puts English back for the next test. */
async function inHindi(check: () => void) {
  await activateLanguage('hi');
  try {
    check();
  } finally {
    await activateLanguage('en');
  }
}

describe('the marketing pages in the chosen language (docs/decisions/037)', () => {
  it('home: English exactly as written, the highlighted phrase inside the heading', () => {
    renderForVisitor(
      <>
        <Hero />
        <WhyChoose />
        <FinalCta />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Become an AI engineer with Kaushal AI');
    expect(screen.getByText('AI engineer')).toHaveClass('text-accent');
    expect(screen.getByRole('heading', { level: 2, name: 'Why choose Kaushal AI?' })).toBeInTheDocument();
    expect(screen.getByText(/advised by the 20\+ CTOs we consulted/)).toBeInTheDocument();
  });

  it('home: the hero, the reasons and the call to action in Hindi', async () => {
    await inHindi(() => {
      renderForVisitor(
        <>
          <Hero />
          <WhyChoose />
          <FinalCta />
        </>,
      );
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kaushal AI के साथ AI इंजीनियर बनें');
      expect(screen.getByText('AI इंजीनियर')).toHaveClass('text-accent');
      expect(screen.getByText(/^नौकरी के लिए तैयार AI इंजीनियर बनें/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'सीखना शुरू करने के लिए साइन इन करें' })).toHaveAttribute('href', '/login');
      expect(screen.getByRole('button', { name: 'डेमो देखें' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Kaushal AI ही क्यों चुनें?' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 3, name: 'प्रोजेक्ट पर आधारित कोर्स' })).toBeInTheDocument();
      expect(screen.getByText(/उन 20\+ CTO की सलाह/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'सभी कोर्स देखें' })).toHaveAttribute('href', '/courses');
    });
  });

  it('about: in Hindi, with the company facts filled in', async () => {
    await inHindi(() => {
      renderForVisitor(<AboutPage />);
      expect(screen.getByRole('heading', { level: 1, name: 'हम इंजीनियरों को AI इंजीनियर बनाते हैं' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'हमारी कहानी' })).toBeInTheDocument();
      expect(screen.getByText(/^Kaushal AI की स्थापना 2024 में Bangalore में/)).toBeInTheDocument();
      expect(screen.getByText('प्रशिक्षित छात्र')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'संपर्क करें' })).toHaveAttribute('href', '/contact-us');
      expect(document.title).toBe('हमारे बारे में | Kaushal AI');
    });
  });
});
