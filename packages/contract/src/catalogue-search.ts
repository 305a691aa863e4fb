import { z } from 'zod';
import {
  COURSE_SORTS,
  DURATION_FILTERS,
  PRICE_FILTER_MAX,
  PRICE_FILTERS,
  SEARCH_MAX_LENGTH,
} from './catalogue-search-values.ts';
import { difficultySchema, noNul } from './common.ts';

// Catalogue search and filters (decision 028): the query of GET /courses beyond its page, the highlight of a
// result, and the suggestions the search boxes show as the learner types. Zod-free helpers (the web's bundle
// imports them) live in search-highlight.ts.

const optional = <T extends z.ZodType>(schema: T) => schema.optional();

/**
 * Search text: any characters a learner types (quotes, `&`, `!`, `:*`, backslashes are words to look for, never
 * query syntax: the server hands the text to websearch_to_tsquery and trigram similarity as a value), but no NUL
 * (PostgreSQL cannot hold one in text) and at most SEARCH_MAX_LENGTH characters. Blank is no search.
 */
export const searchTextSchema = noNul(
  z.string().trim().max(SEARCH_MAX_LENGTH, `Search at most ${SEARCH_MAX_LENGTH} characters.`),
);

/** Rupees with at most two decimals, as written in a URL: no sign, exponent, NaN or Infinity. */
const priceSchema = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'A price is a number of rupees, at least 0, with at most two decimals.')
  .transform(Number)
  .refine((value) => value <= PRICE_FILTER_MAX, `A price filter goes up to ${PRICE_FILTER_MAX} rupees.`);

/** The filters and sort of the catalogue, shared by GET /courses and the /courses page's URL. */
export const catalogueFiltersShape = {
  /** Blank is no search (a search box submitted empty); every other filter refuses a blank value. */
  q: optional(searchTextSchema),
  difficulty: optional(difficultySchema),
  price: optional(z.enum(PRICE_FILTERS)),
  /** Rupees, inclusive. */
  minPrice: optional(priceSchema),
  maxPrice: optional(priceSchema),
  duration: optional(z.enum(DURATION_FILTERS)),
  /** Default: relevance with a search, else the catalogue's own order. */
  sort: optional(z.enum(COURSE_SORTS)),
};

export const priceRangeInOrder = (value: { minPrice?: number | undefined; maxPrice?: number | undefined }) =>
  value.minPrice === undefined || value.maxPrice === undefined || value.minPrice <= value.maxPrice;
export const PRICE_RANGE_MESSAGE = 'The lowest price must not be above the highest price.';

/** [start, end) offsets (UTF-16 code units) of matched words in a text. */
export const highlightRangeSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
export const highlightedTextSchema = z.object({ text: z.string(), ranges: z.array(highlightRangeSchema) });

/** Where a search result matched: plain text with ranges to mark, never markup. */
export const courseHighlightSchema = z.object({
  title: z.array(highlightRangeSchema),
  /** A passage of the description around its first matched word; null when the description has none. */
  description: highlightedTextSchema.nullable(),
  /** The first lesson (in course order) whose title matched; null when none did. */
  lesson: z.object({ id: z.string(), title: z.string(), ranges: z.array(highlightRangeSchema) }).nullable(),
});
export type CourseHighlight = z.infer<typeof courseHighlightSchema>;

export const suggestionsQuerySchema = z.object({ q: searchTextSchema });
export const suggestionsSchema = z.object({
  courses: z.array(z.object({ id: z.string(), title: z.string(), ranges: z.array(highlightRangeSchema) })),
  lessons: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      ranges: z.array(highlightRangeSchema),
      courseId: z.string(),
      courseTitle: z.string(),
    }),
  ),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;
