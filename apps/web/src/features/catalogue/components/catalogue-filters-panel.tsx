import { COURSE_SORTS, type CourseSort, DURATION_FILTERS, type DurationFilter } from '@kaushal/contract';
import { SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { type MessageId, msg, t } from '@/lib/i18n/i18n';
import { type CatalogueFilters, hasFilters, priceOf } from '../lib/catalogue-filters';

const SORT_LABELS: Record<CourseSort, MessageId> = {
  relevance: msg('Best match'),
  popular: msg('Most popular'),
  rating: msg('Highest rated'),
  newest: msg('Newest'),
  'price-asc': msg('Price: low to high'),
  'price-desc': msg('Price: high to low'),
};
const DURATION_LABELS: Record<DurationFilter, MessageId> = {
  short: msg('Under 1 hour'),
  medium: msg('1 to 5 hours'),
  long: msg('Over 5 hours'),
};

/**
 * The catalogue's filters and sort. A choice applies at once (the page's URL changes, so back undoes it); the
 * price range applies when the learner leaves a price box or presses Enter, not at every keystroke. Below
 * 768 px the filters fold behind a Filters button.
 */
export function CatalogueFiltersPanel({
  filters,
  onChange,
}: {
  filters: CatalogueFilters;
  onChange: (next: CatalogueFilters) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [minPrice, setMinPrice] = useState(filters.minPrice ?? '');
  const [maxPrice, setMaxPrice] = useState(filters.maxPrice ?? '');
  // The boxes follow the URL when it changes under them (back button, Clear filters).
  const [shown, setShown] = useState(`${filters.minPrice}|${filters.maxPrice}`);
  if (shown !== `${filters.minPrice}|${filters.maxPrice}`) {
    setShown(`${filters.minPrice}|${filters.maxPrice}`);
    setMinPrice(filters.minPrice ?? '');
    setMaxPrice(filters.maxPrice ?? '');
  }

  const set = (patch: Partial<CatalogueFilters>) => onChange({ ...filters, ...patch });
  const applyPrices = (event?: FormEvent) => {
    event?.preventDefault();
    const min = priceOf(minPrice);
    const max = priceOf(maxPrice);
    if (min === filters.minPrice && max === filters.maxPrice) return;
    set({ minPrice: min, maxPrice: max });
  };
  const active = [filters.difficulty, filters.price, filters.minPrice, filters.maxPrice, filters.duration].filter(
    (value) => value !== undefined,
  ).length;
  const sortOptions = COURSE_SORTS.filter((sort) => sort !== 'relevance' || filters.q);

  return (
    <div className="space-y-3">
      <Button
        type="button"
        variant="secondary"
        className="md:hidden"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        <SlidersHorizontal aria-hidden="true" />
        {t('Filters')}
        {active > 0 ? ` (${active})` : ''}
      </Button>
      <form
        id={`${id}-panel`}
        aria-label={t('Filters')}
        onSubmit={applyPrices}
        className={cn(
          'grid-cols-2 items-end gap-3 rounded-2xl border border-border bg-surface p-4 md:grid md:grid-cols-6',
          open ? 'grid' : 'hidden',
        )}
      >
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-difficulty`}>{t('Level')}</Label>
          <Select
            id={`${id}-difficulty`}
            value={filters.difficulty ?? ''}
            onChange={(event) =>
              set({ difficulty: (event.target.value || undefined) as CatalogueFilters['difficulty'] })
            }
          >
            <option value="">{t('Any level')}</option>
            <option value="Beginner">{t('Beginner')}</option>
            <option value="Intermediate">{t('Intermediate')}</option>
            <option value="Advanced">{t('Advanced')}</option>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-price`}>{t('Price')}</Label>
          <Select
            id={`${id}-price`}
            value={filters.price ?? ''}
            onChange={(event) => set({ price: (event.target.value || undefined) as CatalogueFilters['price'] })}
          >
            <option value="">{t('Free and paid')}</option>
            <option value="free">{t('Free')}</option>
            <option value="paid">{t('Paid')}</option>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-min`}>{t('Lowest price (₹)')}</Label>
          <Input
            id={`${id}-min`}
            inputMode="decimal"
            value={minPrice}
            onChange={(event) => setMinPrice(event.target.value)}
            onBlur={() => applyPrices()}
            aria-invalid={minPrice !== '' && priceOf(minPrice) === undefined}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-max`}>{t('Highest price (₹)')}</Label>
          <Input
            id={`${id}-max`}
            inputMode="decimal"
            value={maxPrice}
            onChange={(event) => setMaxPrice(event.target.value)}
            onBlur={() => applyPrices()}
            aria-invalid={maxPrice !== '' && priceOf(maxPrice) === undefined}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-duration`}>{t('Length')}</Label>
          <Select
            id={`${id}-duration`}
            value={filters.duration ?? ''}
            onChange={(event) => set({ duration: (event.target.value || undefined) as DurationFilter | undefined })}
          >
            <option value="">{t('Any length')}</option>
            {DURATION_FILTERS.map((duration) => (
              <option key={duration} value={duration}>
                {t(DURATION_LABELS[duration])}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-sort`}>{t('Sort by')}</Label>
          <Select
            id={`${id}-sort`}
            value={filters.sort ?? ''}
            onChange={(event) => set({ sort: (event.target.value || undefined) as CourseSort | undefined })}
          >
            <option value="">{filters.q ? t('Best match') : t('Recommended')}</option>
            {sortOptions
              .filter((sort) => sort !== 'relevance')
              .map((sort) => (
                <option key={sort} value={sort}>
                  {t(SORT_LABELS[sort])}
                </option>
              ))}
          </Select>
        </div>
        {/* Enter in a price box applies the range. */}
        <button type="submit" className="sr-only" tabIndex={-1}>
          {t('Apply price range')}
        </button>
        {hasFilters(filters) && (
          <div className="col-span-2 md:col-span-6">
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange({})}>
              {t('Clear search and filters')}
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}
