import { translateText } from '@/lib/i18n/i18n';
import { wantToasters } from './toast-store';

/**
 * Short one-line notices ('Welcome back!', 'Logged out', lesson completion) through sonner, loaded with the
 * first message raised: no page downloads the toast library for nothing, and a notice is shown as soon as the
 * toaster has mounted.
 */
type Sonner = typeof import('sonner');

let resolveMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  resolveMounted = resolve;
});

/** Called by the toaster once sonner's <Toaster> is on the page. */
export const noticeToasterMounted = () => resolveMounted();

export interface NoticeOptions {
  description?: string;
  duration?: number;
}

export function notice(message: string, options?: NoticeOptions): void {
  wantToasters();
  void mounted
    .then((): Promise<Sonner> => import('sonner'))
    .then((sonner) => {
      const description = options?.description && translateText(options.description);
      sonner.toast(translateText(message), { ...options, description });
    });
}
