import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Toasters } from '@/components/ui/toaster';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { createUnauthorizedHandler } from '@/lib/session';

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
      <Toasters />
    </QueryClientProvider>
  );
}
