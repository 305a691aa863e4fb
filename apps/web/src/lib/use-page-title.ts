import { useEffect } from 'react';
import { t } from '@/lib/i18n/i18n';
import { site } from './site';

/** A page's document title: '<page> | <product name>', or the site's own title without a page name. */
export const pageTitle = (title: string | undefined) =>
  title ? `${title} | ${site.productName}` : t('{product}: become an AI engineer', { product: site.productName });

/** Sets the document title as '<page> | <product name>'. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
