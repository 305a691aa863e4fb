import { COURSES_PAGE_SIZE, HOME_COURSES_PAGE_SIZE } from '@kaushal/contract';
import { matchPath } from 'react-router';
import { coursesPageQuery, featuredCoursesQuery, statsQuery } from '@/features/catalogue';
import { courseQuery, courseReviewsQuery } from '@/features/catalogue/api/catalogue-queries';
import { pageFromParams } from '@/features/catalogue/lib/page-from-params';

export interface FirstPaintQuery {
  queryKey: readonly unknown[];
  meta?: { apiPath?: string };
}

/** Public pages with nothing to type into: a first paint that the app then replaces cannot lose input. */
const STATIC_PAGES = new Set(['/about-us', '/privacy-policy', '/refund-policy', '/terms-and-conditions']);

/**
 * The queries whose data a public page shows above the fold, for the server to fetch and draw into the HTML;
 * null for pages drawn only in the browser (signed-in pages, forms, the not-found page).
 */
export function firstPaintQueries(pathname: string, search: URLSearchParams): FirstPaintQuery[] | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') {
    return [featuredCoursesQuery(), statsQuery(), coursesPageQuery(1, HOME_COURSES_PAGE_SIZE)];
  }
  if (path === '/courses') return [coursesPageQuery(pageFromParams(search), COURSES_PAGE_SIZE)];
  const course = matchPath('/course/:id', path);
  if (course?.params.id) return [courseQuery(course.params.id), courseReviewsQuery(course.params.id)];
  if (STATIC_PAGES.has(path)) return [];
  return null;
}
