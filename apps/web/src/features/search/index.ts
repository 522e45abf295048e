export { SearchForm } from './components/search-form.tsx';
export { SearchResults } from './components/search-results.tsx';
export { usePropertySearch } from './hooks/use-property-search.ts';
