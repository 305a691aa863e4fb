import { useEffect } from 'react';
import { site } from './site';

/** A page's document title: '<page> | <product name>', or the site's own title without a page name. */
export const pageTitle = (title: string | undefined) =>
  title ? `${title} | ${site.productName}` : `${site.productName}: become an AI engineer`;

/** Sets the document title as '<page> | <product name>'. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
