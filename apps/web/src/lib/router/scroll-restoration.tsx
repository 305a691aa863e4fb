import { useEffect, useLayoutEffect, useRef } from 'react';
import { useRouter, useRouterState } from './context';

const STORAGE_KEY = 'router-scroll-positions';
/** Where each history entry was scrolled to when left, by its key; kept in session storage over reloads. */
let positions: Record<string, number> = {};

function readPositions() {
  try {
    positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    positions = {};
  }
}

/**
 * Scrolls as a visitor expects of pages: a new page starts at the top (or at its #hash), and Back, Forward or
 * a reload return to where that page was left. The first page keeps wherever the browser put it, so a visitor
 * who scrolled the server's first paint is not sent back to the top when the app takes over.
 */
export function ScrollRestoration() {
  const router = useRouter();
  const { location, action, preventScrollReset } = useRouterState();
  const first = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Registered before the provider's own subscription (a child's effects run first), so the page is still
    // the one being left when its position is read.
    let leaving = router.state.location.key;
    const unsubscribe = router.subscribe((state) => {
      if (state.location.key === leaving) return;
      positions[leaving] = window.scrollY;
      leaving = state.location.key;
    });
    const onPageHide = () => {
      positions[router.state.location.key] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: positions are only kept for this page's life.
      }
      // The browser's own restoration for a reload or a visit from another site.
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, [router]);

  useLayoutEffect(() => {
    const initial = first.current;
    first.current = false;
    if (initial) readPositions();
    const saved = action === 'POP' ? positions[location.key] : undefined;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (!initial) scrollToPage(location.hash, preventScrollReset);
  }, [location, action, preventScrollReset]);

  return null;
}

/** A page reached by a link: its #hash element if it has one, else the top unless the link asked otherwise. */
function scrollToPage(hash: string, preventScrollReset: boolean) {
  let target: HTMLElement | null = null;
  if (hash) {
    try {
      target = document.getElementById(decodeURIComponent(hash.slice(1)));
    } catch {
      target = document.getElementById(hash.slice(1));
    }
  }
  if (target) target.scrollIntoView();
  else if (!preventScrollReset) window.scrollTo(0, 0);
}
