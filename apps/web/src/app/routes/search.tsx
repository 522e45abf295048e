import { SearchForm, SearchResults, usePropertySearch } from '../../features/search/index.ts';
import { buildPropertyPath } from '../paths.ts';

export function SearchRoute() {
  const { values, setValues, submitSearch, searchLocation, resetSearch, search, result, hasMore, loadNextPage, isLoadingMore, changeSort } = usePropertySearch();
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Property Search</h1>
        <p className="mt-1 text-slate-600">Find properties with PropGuard&apos;s valuation and risk on every result.</p>
      </div>
      <SearchForm
        values={values}
        onChange={(next) => (next.sort !== values.sort ? changeSort(next.sort) : setValues(next))}
        onSubmit={submitSearch}
        isSearching={search.isPending}
      />
      <SearchResults
        status={search.status}
        error={search.error}
        location={search.variables?.location ?? ''}
        result={result}
        buildHref={buildPropertyPath}
        onReset={resetSearch}
        hasMore={hasMore}
        isLoadingMore={isLoadingMore}
        onLoadMore={loadNextPage}
        onChooseLocation={searchLocation}
      />
    </main>
  );
}
