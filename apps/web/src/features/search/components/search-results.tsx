import { SearchX } from 'lucide-react';
import type { Listing, SearchResponse } from '@propguard/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { PlaceChoiceNotice } from '../../../components/place-choice-notice.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { PropertyCard } from './property-card.tsx';

/** SPEC.md section 9: six skeleton cards while a search runs. */
const SKELETON_CARD_COUNT = 6;

type SearchResultsProps = {
  /** Runs the search again for one of the places an ambiguous name could mean. */
  onChooseLocation?: (location: string) => void;
  status: 'idle' | 'pending' | 'error' | 'success';
  error: Error | null;
  location: string;
  result: (Omit<SearchResponse, 'properties'> & { properties: Listing[] }) | undefined;
  buildHref: (listingId: string) => string;
  onReset: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
};

function SkeletonCards() {
  return (
    <div aria-busy="true" aria-label="Loading properties" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
        <Card key={index} className="overflow-hidden" data-testid="search-skeleton-card">
          <Skeleton className="h-40 rounded-none" />
          <div className="space-y-3 p-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-6 w-1/3" />
          </div>
        </Card>
      ))}
    </div>
  );
}

function formatTotal(result: NonNullable<SearchResultsProps['result']>): string {
  return result.total > result.total_capped_at ? `${result.total_capped_at.toLocaleString('en-AU')}+` : result.total.toLocaleString('en-AU');
}

export function SearchResults({ status, error, location, result, buildHref, onReset, hasMore, isLoadingMore, onLoadMore, onChooseLocation }: SearchResultsProps) {
  if (status === 'idle') {
    return <p className="text-center text-slate-600">Search Australian properties by suburb, postcode, state or city: our sales records, each with PropGuard&apos;s valuation and hazard risk.</p>;
  }
  if (status === 'pending') return <SkeletonCards />;
  if (status === 'error' || !result) {
    return (
      <Card>
        <CardContent className="space-y-3">
          <h2 className="text-lg font-semibold text-slate-900">Search unavailable</h2>
          <p className="text-sm text-slate-700">The search could not be completed: {error?.message}</p>
        </CardContent>
      </Card>
    );
  }
  if (result.properties.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <SearchX aria-hidden="true" className="size-10 text-slate-400" />
          <h2 className="text-lg font-semibold text-slate-900">No Properties Found</h2>
          <p className="max-w-2xl text-slate-600">{result.note ?? 'Try a different location or fewer filters.'}</p>
          <Button variant="outline" onClick={onReset}>Reset Search</Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <section aria-labelledby="search-results-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="search-results-heading" className="text-xl font-semibold text-slate-900">
          {formatTotal(result)} Properties Found in {location}
        </h2>
        <p className="text-sm text-slate-600">
          Showing {result.properties.length.toLocaleString('en-AU')}; read as {result.location.matched}.
        </p>
      </div>
      {result.place_choice && onChooseLocation ? <PlaceChoiceNotice choice={result.place_choice} onChoose={onChooseLocation} /> : null}
      {result.note ? <Notice>{result.note}</Notice> : null}
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {result.properties.map((listing) => (
          <PropertyCard key={listing.listing_id} listing={listing} href={buildHref(listing.listing_id)} />
        ))}
      </div>
      {hasMore ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={onLoadMore} disabled={isLoadingMore}>
            {isLoadingMore ? 'Loading...' : 'Load more properties'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
