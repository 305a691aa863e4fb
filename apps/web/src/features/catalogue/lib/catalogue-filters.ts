import {
  COURSE_SORTS,
  type CourseSort,
  type Difficulty,
  DURATION_FILTERS,
  type DurationFilter,
  PRICE_FILTER_MAX,
  PRICE_FILTERS,
  type PriceFilter,
  SEARCH_MAX_LENGTH,
} from '@kaushal/contract';

/**
 * The /courses page's search, filters and sort, as its URL carries them (decision 028): `?q=rag&difficulty=
 * Beginner&price=free&minPrice=0&maxPrice=5000&duration=short&sort=popular&page=2`. Read leniently: a value the
 * page does not know (an old or edited link) is left out rather than failing the page, so the API only ever
 * gets values it accepts.
 */
export interface CatalogueFilters {
  q?: string;
  difficulty?: Difficulty;
  price?: PriceFilter;
  /** Rupees, as typed ("4999" or "4999.50"). */
  minPrice?: string;
  maxPrice?: string;
  duration?: DurationFilter;
  sort?: CourseSort;
}

export const FILTER_NAMES = ['q', 'difficulty', 'price', 'minPrice', 'maxPrice', 'duration', 'sort'] as const;
const DIFFICULTIES: readonly Difficulty[] = ['Beginner', 'Intermediate', 'Advanced'];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** Rupees with at most two decimals, within the API's range, else undefined. */
export function priceOf(value: string | null | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text) || Number(text) > PRICE_FILTER_MAX) return undefined;
  return text;
}

export function filtersFromParams(params: URLSearchParams): CatalogueFilters {
  const q = (params.get('q') ?? '').replace(/\0/g, '').trim().slice(0, SEARCH_MAX_LENGTH);
  let minPrice = priceOf(params.get('minPrice'));
  let maxPrice = priceOf(params.get('maxPrice'));
  // A range given the wrong way round means the same range.
  if (minPrice !== undefined && maxPrice !== undefined && Number(minPrice) > Number(maxPrice)) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  const filters: CatalogueFilters = {
    q: q || undefined,
    difficulty: oneOf(DIFFICULTIES, params.get('difficulty')),
    price: oneOf(PRICE_FILTERS, params.get('price')),
    minPrice,
    maxPrice,
    duration: oneOf(DURATION_FILTERS, params.get('duration')),
    sort: oneOf(COURSE_SORTS, params.get('sort')),
  };
  return withoutBlanks(filters);
}

function withoutBlanks(filters: CatalogueFilters): CatalogueFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  ) as CatalogueFilters;
}

export const hasFilters = (filters: CatalogueFilters) => Object.keys(withoutBlanks(filters)).length > 0;

/** The URL's search params for filters and a page (page 1 and blank filters left out, in a fixed order). */
export function paramsOf(filters: CatalogueFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}
