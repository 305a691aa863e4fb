import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { LanguageBoundary } from '@/i18n/language-boundary';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { createUnauthorizedHandler } from '@/lib/session';
import { useMounted } from '@/lib/use-mounted';
import { FIRST_PAINT_ATTRIBUTE } from './first-paint/first-paint-data';

// The toasters are not needed for the first paint: their code (Radix toast, sonner) loads right after it.
// They mount after the first render, so a page the server drew hydrates without them (nothing to match).
const Toasters = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toasters })));

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const mounted = useMounted();
  // Hydrated: the controls of a page the server drew now work, and take clicks again (index.css).
  useEffect(() => document.getElementById('root')?.removeAttribute(FIRST_PAINT_ATTRIBUTE), []);
  // Any API 401 (except the session probe) ends the session and loads /login.
  useEffect(() => {
    setUnauthorizedHandler(createUnauthorizedHandler(queryClient));
    return () => setUnauthorizedHandler(undefined);
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageBoundary>{children}</LanguageBoundary>
      {mounted && (
        <Suspense fallback={null}>
          <Toasters />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
