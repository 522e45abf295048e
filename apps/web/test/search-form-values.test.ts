import { describe, expect, it } from 'vitest';
import { buildSearchFilter, DEFAULT_SEARCH_VALUES } from '../src/features/search/search-form-values.ts';

describe('buildSearchFilter', () => {
  it('leaves unset fields out and keeps the default limit of 20', () => {
    expect(buildSearchFilter({ ...DEFAULT_SEARCH_VALUES, location: '  Richmond VIC ' })).toEqual({
      location: 'Richmond VIC',
      property_type: 'sold',
      sort: 'date-desc',
      limit: 20,
    });
  });

  it('parses prices as integers and counts as minimums', () => {
    expect(
      buildSearchFilter({
        location: 'Carlton',
        propertyType: 'sold',
        sort: 'price-asc',
        category: 'unit',
        minPrice: '$450,000',
        maxPrice: '900000.75',
        bedrooms: '2',
        bathrooms: '1',
      }),
    ).toEqual({
      location: 'Carlton',
      property_type: 'sold',
      sort: 'price-asc',
      property_category: 'unit',
      min_price: 450000,
      max_price: 900000,
      bedrooms: 2,
      bathrooms: 1,
      limit: 20,
    });
  });

  it('ignores a price that is not a number', () => {
    expect(buildSearchFilter({ ...DEFAULT_SEARCH_VALUES, location: 'Carlton', minPrice: 'cheap' }).min_price).toBeUndefined();
  });
});
