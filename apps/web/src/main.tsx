import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@/lib/router';
import { seedFirstPaintData } from './app/first-paint/first-paint-data';
import { Providers } from './app/providers';
import { router, routerReady } from './app/router';
import { startThirdPartyScripts } from './lib/analytics';
import { activateLanguage } from './lib/i18n/i18n';
import { initialLanguage } from './lib/i18n/language-choice';
import { createQueryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// In the visitor's language before the first render (a drawn page was drawn in it: hydration must match).
await activateLanguage(initialLanguage());

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

// A public page the server drew (server/render-first-paint.tsx) is hydrated: the app takes over its markup
// with the data it was drawn from, once the route's code has loaded. Other pages render from scratch.
// In a transition, so React does this first render in slices and the page answers input meanwhile.
if (seedFirstPaintData(queryClient)) {
  await routerReady();
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app));
}

// Analytics and session recording, only when configured, 1 s after start-up (spec section 1).
startThirdPartyScripts();
