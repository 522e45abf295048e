import { useState } from 'react';
import { toast } from 'sonner';
import { useSearchProperties } from '../api/search-properties.ts';
import { buildSearchFilter, DEFAULT_SEARCH_VALUES } from '../search-form-values.ts';
import type { SearchFormValues } from '../search-form-values.ts';

/** Form values, validation (SPEC.md section 5) and the search request with its toasts. */
export function usePropertySearch() {
  const [values, setValues] = useState<SearchFormValues>(DEFAULT_SEARCH_VALUES);
  const search = useSearchProperties({
    onSuccess: (data, filter) =>
      toast.success('Search Complete', { description: `Found ${data.properties.length} properties in ${filter.location}` }),
    onError: () => toast.error('Search Failed', { description: 'Unable to search properties. Please try again.' }),
  });

  function submitSearch() {
    const filter = buildSearchFilter(values);
    if (filter.location === '') {
      toast.error('Location Required', { description: 'Please enter a location to search for properties.' });
      return;
    }
    search.mutate(filter);
  }

  function resetSearch() {
    setValues(DEFAULT_SEARCH_VALUES);
    search.reset();
  }

  return { values, setValues, submitSearch, resetSearch, search };
}
