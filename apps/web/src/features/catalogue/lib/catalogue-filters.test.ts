import { describe, expect, it } from 'vitest';
import { filtersFromParams, paramsOf } from './catalogue-filters';

describe('the catalogue filters in the URL', () => {
  it('keeps known values, drops unknown or malformed ones, and swaps a reversed price range', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'q=%20rag%00%20&difficulty=Expert&price=free&minPrice=5000&maxPrice=100&duration=short&sort=x',
      ),
    );
    expect(filters).toEqual({ q: 'rag', price: 'free', minPrice: '100', maxPrice: '5000', duration: 'short' });
    expect(filtersFromParams(new URLSearchParams('minPrice=-1&maxPrice=1e3'))).toEqual({});
    expect(filtersFromParams(new URLSearchParams(`q=${'a'.repeat(500)}`)).q).toHaveLength(100);
  });

  it('writes filters and a page in a fixed order, leaving out blanks and page 1', () => {
    expect(paramsOf({ sort: 'popular', q: 'rag', difficulty: 'Beginner' }, 1).toString()).toBe(
      'q=rag&difficulty=Beginner&sort=popular',
    );
    expect(paramsOf({ q: '' }, 3).toString()).toBe('page=3');
  });
});
