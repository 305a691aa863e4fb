import { useEffect } from 'react';
import { site } from './site';

/** Sets the document title as '<page> | <product name>'. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${site.productName}` : `${site.productName}: become an AI engineer`;
  }, [title]);
}
