import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { createUnauthorizedHandler } from '@/lib/session';

// The toasters are not needed for the first paint: their code (Radix toast, sonner) loads right after it.
const Toasters = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toasters })));

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Any API 401 (except the session probe) ends the session and loads /login.
  useEffect(() => {
    setUnauthorizedHandler(createUnauthorizedHandler(queryClient));
    return () => setUnauthorizedHandler(undefined);
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toasters />
      </Suspense>
    </QueryClientProvider>
  );
}
