import { useEffect, useSyncExternalStore } from 'react';
import { Toaster as Sonner } from 'sonner';
import { noticeToasterMounted } from './notice';
import { Toaster as TitledToaster } from './toast';

/**
 * Both notification styles of the spec, mounted once:
 * - titled messages (toast() from ./toast): 1 visible, 5000 ms. Used for every message the spec gives a
 *   title and text to (sign-in required, payment results, contact results, profile and settings saves…).
 * Loaded with the first message raised (see providers.tsx), which waits in its store until they are mounted.
 * - short notices (notice() from ./notice, through sonner): 3 visible, 4000 ms, 14 px gap, 356 px wide (sonner's defaults),
 *   used for one-line notices: 'Welcome back!', 'Logged out', the lesson completion toast.
 */
/** The page's colour scheme (the class lib/theme.ts puts on <html>), so notices match the app, not the OS. */
function subscribeToScheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const pageScheme = () => (document.documentElement.classList.contains('light') ? 'light' : 'dark');

export function Toasters() {
  const scheme = useSyncExternalStore(subscribeToScheme, pageScheme, () => 'dark' as const);
  useEffect(noticeToasterMounted, []);
  return (
    <>
      <TitledToaster />
      <Sonner
        visibleToasts={3}
        duration={4000}
        gap={14}
        position="bottom-right"
        theme={scheme}
        richColors
        closeButton
      />
    </>
  );
}
