import { type ReactNode, Suspense } from 'react';
import { Footer } from '@/components/layout/footer';
import { TopNav } from '@/components/layout/top-nav';
import { SavedThemeSync } from '@/features/account/components/saved-theme-sync';
import { t } from '@/lib/i18n/i18n';
import { Outlet, ScrollRestoration } from '@/lib/router';
import { NavSearch } from './nav-search';
import { PageFallback } from './page-fallback';

/** The frame of every page: skip link, navigation, the page in <main>, footer. */
function RootFrame({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        {t('Skip to content')}
      </a>
      <TopNav search={<NavSearch />} />
      <main id="main" className="flex-1" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      {after}
    </div>
  );
}

export function RootLayout() {
  return (
    <RootFrame
      after={
        <>
          <ScrollRestoration />
          <SavedThemeSync />
        </>
      }
    >
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </RootFrame>
  );
}

/**
 * What the router draws while the first page's code loads on a page the server did not draw (signed-in pages,
 * login, contact): the frame with a spinner where the page will be, rather than nothing. Pages the server drew
 * are hydrated only once their code is loaded (main.tsx), so they never show it.
 */
export function RootHydrateFallback() {
  return (
    <RootFrame>
      <PageFallback />
    </RootFrame>
  );
}
