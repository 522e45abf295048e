import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useBaseMap, useMapNear } from '../api/get-map-layers.ts';
import { clampZoom, type MapLayerId } from '../risk-subject.ts';

const PropertyRiskMap = lazy(() => import('./property-risk-map.tsx').then((module) => ({ default: module.PropertyRiskMap })));

const LAYERS: ReadonlySet<MapLayerId> = new Set<MapLayerId>(['flood', 'fire']);

/** A small map of the property (property page): suburbs, rivers, shoreline, flood extents and fire detections. */
export function PropertyMiniMap({ lat, lng }: { lat: number; lng: number }) {
  const [zoom, setZoom] = useState(13);
  const base = useBaseMap();
  const near = useMapNear({ lat, lng });
  if (base.isError) return <p className="text-sm text-slate-600">The map layers could not be loaded: {base.error.message}</p>;
  if (!base.data) return <Skeleton className="h-80 w-full" />;
  return (
    <Suspense fallback={<Skeleton className="h-80 w-full" />}>
      <PropertyRiskMap
        lat={lat}
        lng={lng}
        zoom={zoom}
        onZoomChange={(value) => setZoom(clampZoom(value))}
        mapType="map"
        showOverlay={false}
        activeLayers={LAYERS}
        scores={null}
        base={base.data.map}
        near={near.data?.near}
      />
    </Suspense>
  );
}
