import { Navigate, useParams } from 'react-router';
import { LoadFailure } from '../../components/errors/load-failure.tsx';
import { loadFailureOf } from '../../lib/api-client.ts';
import { useMe } from '../../features/account/index.ts';
import { useComplianceOverview } from '../../features/compliance/index.ts';
import { PropertyDetail, PropertyNotFound, PropertySkeleton, usePropertyPage } from '../../features/property/index.ts';
import { PropertyMiniMap } from '../../features/risk/index.ts';
import { paths } from '../paths.ts';

function PropertyPage({ listingId }: { listingId: string }) {
  const { property, generateReport, isGeneratingReport } = usePropertyPage(listingId);
  // The CPS 230 status the header badge reads: one status, one source.
  const me = useMe();
  const cps230Status = useComplianceOverview({ enabled: Boolean(me.data?.workspace) }).data?.regulations.find((regulation) => regulation.id === 'cps230')?.status ?? null;
  if (property.isPending) return <PropertySkeleton />;
  if (property.isError) {
    const failure = loadFailureOf(property.error);
    return failure === 'not-found' ? <PropertyNotFound /> : <LoadFailure failure={failure} what="property" message={property.error.message} />;
  }
  if (!property.data.property_details) return <PropertyNotFound />;
  const listing = property.data.property_details;
  const map = listing.lat !== null && listing.lng !== null ? <PropertyMiniMap lat={listing.lat} lng={listing.lng} /> : null;
  return <PropertyDetail listing={listing} onGenerateReport={generateReport} isGeneratingReport={isGeneratingReport} map={map} cps230Status={cps230Status} />;
}

export function PropertyRoute() {
  const { id } = useParams();
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      {id ? <PropertyPage key={id} listingId={id} /> : <Navigate to={paths.search} replace />}
    </main>
  );
}

/** `/property` without an id goes to the search page (SPEC.md section 2). */
export function PropertyIndexRoute() {
  return <Navigate to={paths.search} replace />;
}
