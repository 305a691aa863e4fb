import { t } from '@/lib/i18n/i18n';
/** The reason shown under 'Failed to load video' for a media element error. */
export function describeMediaError(error: Pick<MediaError, 'code'> | null): string {
  switch (error?.code) {
    case 1:
      return t('Loading was stopped before the video could play.');
    case 2:
      return t('A network error stopped the video from loading. Check your connection and try again.');
    case 3:
      return t('The video could not be decoded by this browser.');
    case 4:
      return t('The video could not be loaded: its link may have expired, or this browser cannot play its format.');
    default:
      return t('The video could not be played.');
  }
}
