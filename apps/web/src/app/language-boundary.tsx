import { Fragment, type ReactNode, useSyncExternalStore } from 'react';
import { i18n } from '@/lib/i18n/i18n';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const locale = () => i18n.locale;

/**
 * Draws its children again from scratch when the language changes: every text is read with `t()` while
 * rendering, so a new tree is a translated tree. A language change is rare, and the data stays cached.
 */
export function LanguageBoundary({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(subscribe, locale, locale);
  return <Fragment key={current}>{children}</Fragment>;
}
