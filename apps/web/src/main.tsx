import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { startThirdPartyScripts } from './lib/analytics';
import { applyStoredTheme } from './lib/theme';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Before the first render: the theme this device used last (dark by default).
applyStoredTheme();

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// Analytics and session recording, only when configured, 1 s after start-up (spec section 1).
startThirdPartyScripts();
