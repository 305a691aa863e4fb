import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
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

  useEffect(() => {
    if (!savedTheme) return;
    applyTheme(savedTheme);
    storeTheme(savedTheme);
  }, [savedTheme]);

  return null;
}
