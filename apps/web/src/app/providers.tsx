import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { LanguageBoundary } from '@/app/language-boundary';
import { useToastersWanted } from '@/components/ui/toast-store';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { createUnauthorizedHandler } from '@/lib/session';
import { useMounted } from '@/lib/use-mounted';
import { FIRST_PAINT_ATTRIBUTE } from './first-paint/first-paint-data';

// The toasters' code (Radix toast, sonner; about 20 KB) loads with the first message raised (toast() or
// notice()), not with every page: most visits show none (decision 036). They mount after the first render, so a
// page the server drew hydrates without them (nothing to match); a message waits in its store until then.
const Toasters = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toasters })));

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const mounted = useMounted();
  const toastersWanted = useToastersWanted();
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
      {mounted && toastersWanted && (
        <Suspense fallback={null}>
          <Toasters />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
