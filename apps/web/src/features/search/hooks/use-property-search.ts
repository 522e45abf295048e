import { useState } from 'react';
import { toast } from 'sonner';
import type { Listing, SearchResponse } from '@propguard/schemas';
import { useLoadMoreProperties, useSearchProperties, type SearchFilter } from '../api/search-properties.ts';
import { buildSearchFilter, DEFAULT_SEARCH_VALUES } from '../search-form-values.ts';
import type { SearchFormValues } from '../search-form-values.ts';

/** Form values, validation (SPEC.md section 5), the search with its toasts, and further pages. */
export function usePropertySearch() {
  const [values, setValues] = useState<SearchFormValues>(DEFAULT_SEARCH_VALUES);
  // Pages after the first, appended by "Load more"; a new search starts again from the first page.
  const [morePages, setMorePages] = useState<SearchResponse[]>([]);
  const search = useSearchProperties({
    // An empty result is no success to toast: the page says why there is nothing (issue 34).
    onSuccess: (data, filter) => {
      if (data.total > 0) toast.success('Search Complete', { description: `Found ${data.total.toLocaleString('en-AU')} properties in ${filter.location}` });
    },
    onError: () => toast.error('Search Failed', { description: 'Unable to search properties. Please try again.' }),
  });
  const loadMore = useLoadMoreProperties();

  function runSearch(filter: SearchFilter) {
    setMorePages([]);
    loadMore.reset();
    search.mutate(filter);
  }

  function submitSearch() {
    const filter = buildSearchFilter(values);
    if (filter.location === '') {
      toast.error('Location Required', { description: 'Please enter a location to search for properties.' });
      return;
    }
    runSearch(filter);
  }

  /** "Did you mean": the same search for another place. */
  function searchLocation(location: string) {
    const next = { ...values, location };
    setValues(next);
    runSearch(buildSearchFilter(next));
  }

  function resetSearch() {
    setValues(DEFAULT_SEARCH_VALUES);
    setMorePages([]);
    search.reset();
  }

  const lastPage = morePages.at(-1) ?? search.data;
  const properties: Listing[] | undefined = search.data ? [...search.data.properties, ...morePages.flatMap((page) => page.properties)] : undefined;

  function loadNextPage() {
    if (!search.variables || !lastPage || lastPage.next_offset === null) return;
    loadMore.mutate({ ...search.variables, offset: lastPage.next_offset }, {
      onSuccess: (page) => setMorePages((pages) => [...pages, page]),
      onError: () => toast.error('Search Failed', { description: 'Unable to load more properties. Please try again.' }),
    });
  }

  /** Search again with the same filter but another sort (the sort select re-sorts the results shown). */
  function changeSort(sort: SearchFormValues['sort']) {
    const next = { ...values, sort };
    setValues(next);
    if (search.variables) runSearch({ ...search.variables, sort, offset: 0 });
  }

  return {
    values,
    setValues,
    submitSearch,
    searchLocation,
    resetSearch,
    search,
    result: search.data ? { ...search.data, properties: properties ?? [] } : undefined,
    hasMore: lastPage?.next_offset !== null && lastPage !== undefined,
    loadNextPage,
    isLoadingMore: loadMore.isPending,
    changeSort,
  };
}
