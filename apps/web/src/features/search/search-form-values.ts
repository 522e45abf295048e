import { DEFAULT_SEARCH_LIMIT, type SearchSort } from '@propguard/schemas';
import type { SelectOption } from '../../components/ui/select.tsx';
import type { SearchFilter } from './api/search-properties.ts';

/** What the form holds: strings, exactly as typed or chosen. */
export type SearchFormValues = {
  location: string;
  propertyType: NonNullable<SearchFilter['property_type']>;
  sort: SearchSort;
  category: string;
  minPrice: string;
  maxPrice: string;
  bedrooms: string;
  bathrooms: string;
};

export const DEFAULT_SEARCH_VALUES: SearchFormValues = {
  location: '',
  // Our data hold past sales only: the search opens on them ("For Sale" and "For Rent" need a listings feed).
  propertyType: 'sold',
  sort: 'date-desc',
  category: '',
  minPrice: '',
  maxPrice: '',
  bedrooms: '',
  bathrooms: '',
};

export const PROPERTY_TYPE_OPTIONS: readonly SelectOption[] = [
  { value: 'for-sale', label: 'For Sale' },
  { value: 'for-rent', label: 'For Rent' },
  { value: 'sold', label: 'Recently Sold' },
];

export const SORT_OPTIONS: readonly SelectOption[] = [
  { value: 'date-desc', label: 'Newest first' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'gap-desc', label: 'Valuation above price' },
  { value: 'gap-asc', label: 'Valuation below price' },
];

export const CATEGORY_OPTIONS: readonly SelectOption[] = [
  { value: '', label: 'Any' },
  { value: 'house', label: 'House' },
  { value: 'unit', label: 'Unit' },
  { value: 'townhouse', label: 'Townhouse' },
  { value: 'villa', label: 'Villa' },
  { value: 'land', label: 'Land' },
];

function buildCountOptions(max: number): SelectOption[] {
  return [{ value: '', label: 'Any' }, ...Array.from({ length: max }, (_, index) => ({ value: String(index + 1), label: `${index + 1}+` }))];
}

export const BEDROOM_OPTIONS = buildCountOptions(5);
export const BATHROOM_OPTIONS = buildCountOptions(4);

/** SPEC.md section 5: prices are parsed as integers; empty means unset, as do "Any" counts. */
function parseWholeNumber(text: string): number | undefined {
  const trimmed = text.replace(/[$,\s]/g, '');
  if (trimmed === '') return undefined;
  const value = Number.parseInt(trimmed, 10);
  return Number.isNaN(value) ? undefined : value;
}

export function buildSearchFilter(values: SearchFormValues): SearchFilter {
  const filter: SearchFilter = { location: values.location.trim(), property_type: values.propertyType, sort: values.sort, limit: DEFAULT_SEARCH_LIMIT };
  if (values.category !== '') filter.property_category = values.category as NonNullable<SearchFilter['property_category']>;
  const minPrice = parseWholeNumber(values.minPrice);
  const maxPrice = parseWholeNumber(values.maxPrice);
  const bedrooms = parseWholeNumber(values.bedrooms);
  const bathrooms = parseWholeNumber(values.bathrooms);
  if (minPrice !== undefined) filter.min_price = minPrice;
  if (maxPrice !== undefined) filter.max_price = maxPrice;
  if (bedrooms !== undefined) filter.bedrooms = bedrooms;
  if (bathrooms !== undefined) filter.bathrooms = bathrooms;
  return filter;
}
