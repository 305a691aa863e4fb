import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '@/lib/i18n/i18n';
import { CatalogueFiltersPanel } from './catalogue-filters-panel';

describe('CatalogueFiltersPanel', () => {
  it('labels the phone-width Filters button, with the count of filters on, in the chosen language', async () => {
    await activateLanguage('de');
    try {
      render(<CatalogueFiltersPanel filters={{ difficulty: 'Beginner', price: 'free' }} onChange={() => {}} />);
      expect(screen.getByRole('button', { name: 'Filter (2)' })).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('form', { name: 'Filter' })).toBeInTheDocument();
    } finally {
      await activateLanguage('en');
    }
  });
});
