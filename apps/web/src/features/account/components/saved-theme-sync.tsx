import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentLanguage } from '@/lib/i18n/i18n';
import { chooseLanguage } from '@/lib/i18n/language-choice';
import { useSession } from '@/lib/session';
import { applyTheme, storeTheme } from '@/lib/theme';
import { settingsQuery } from '../api/settings';

/**
 * Mounted once in the app shell: when a learner is signed in, their saved theme applies (and is remembered
 * on this device for the next first paint). Renders nothing.
 */
export function SavedThemeSync() {
  const session = useSession();
  const userId = session.user?.id;
  const { data } = useQuery({ ...settingsQuery(userId ?? ''), enabled: Boolean(userId) });
  const savedTheme = userId ? data?.theme : undefined;
  const savedLanguage = userId ? data?.language : undefined;

  useEffect(() => {
    if (!savedTheme) return;
    applyTheme(savedTheme);
    storeTheme(savedTheme);
  }, [savedTheme]);

  // Their saved language too (docs/decisions/030), kept on this device so it outlives signing out.
  useEffect(() => {
    if (savedLanguage && savedLanguage !== currentLanguage()) void chooseLanguage(savedLanguage);
  }, [savedLanguage]);

  return null;
}
