// The catalogue search's values (decision 028), free of zod so the web's bundle can import them alone.

/** Longest search text accepted; longer is refused with a clear 400 (a title is rarely a tenth of it). */
export const SEARCH_MAX_LENGTH = 100;
/** Highest price filter, in rupees. */
export const PRICE_FILTER_MAX = 10_000_000;

export const COURSE_SORTS = ['relevance', 'popular', 'rating', 'newest', 'price-asc', 'price-desc'] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];
/** The running time of a course's lessons: under 1 hour, 1 to 5 hours, over 5 hours. */
export const DURATION_FILTERS = ['short', 'medium', 'long'] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number];
export const PRICE_FILTERS = ['free', 'paid'] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number];

/** Courses and lessons each that the search boxes suggest. */
export const SUGGESTIONS_LIMIT = 5;
