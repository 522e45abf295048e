import { Navigate, useParams } from 'react-router';
import { PropertyDetail, PropertyNotFound, PropertySkeleton, usePropertyPage } from '../../features/property/index.ts';
import { PropertyMiniMap } from '../../features/risk/index.ts';
import { paths } from '../paths.ts';

function PropertyPage({ listingId }: { listingId: string }) {
  const { property, generateReport, isGeneratingReport } = usePropertyPage(listingId);
  if (property.isPending) return <PropertySkeleton />;
  if (property.isError || !property.data.property_details) return <PropertyNotFound />;
  const listing = property.data.property_details;
  const map = listing.lat !== null && listing.lng !== null ? <PropertyMiniMap lat={listing.lat} lng={listing.lng} /> : null;
  return <PropertyDetail listing={listing} onGenerateReport={generateReport} isGeneratingReport={isGeneratingReport} map={map} />;
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
