// The page's only script tag. It stays small: on a page the server drew (a public page with its first
// paint), the app's code is fetched only after that page has painted, so on a slow connection the page's
// HTML and CSS get the bandwidth first and the visitor reads sooner; the app then hydrates the page
// (main.tsx). Every other page starts the app at once. See docs/decisions/011-server-first-paint.md.
import { FIRST_PAINT_DATA_ID } from './app/first-paint/first-paint-data';
import { applyStoredTheme } from './lib/theme';
import './index.css';

// Before anything paints: the theme this device used last (dark by default).
applyStoredTheme();

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main');
};

if (document.getElementById(FIRST_PAINT_DATA_ID)) {
  // After the next frame is painted; the timer covers a tab in the background, where frames wait.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
} else {
  start();
}
