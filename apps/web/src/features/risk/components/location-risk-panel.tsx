import { lazy, Suspense, useState } from 'react';
import { Layers, MapPin, Minus, Plus } from 'lucide-react';
import { riskLevelFor } from '@propguard/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatHazardScore } from '../../../lib/format.ts';
import { useBaseMap, useMapNear } from '../api/get-map-layers.ts';
import type { HazardScores } from '../hazard-scores.ts';
import { clampZoom, type MapLayerId, type RiskSubject } from '../risk-subject.ts';
import type { MapType } from './property-risk-map.tsx';
import { LevelBadge } from './level-badge.tsx';

// MapLibre is large: load it with the panel, not with the page.
const PropertyRiskMap = lazy(() => import('./property-risk-map.tsx').then((module) => ({ default: module.PropertyRiskMap })));

const LAYER_LABELS: Record<MapLayerId, string> = { flood: 'Flood', fire: 'Fire', erosion: 'Erosion' };

/** The zoom a property opens at: streets and suburb boundaries visible. */
const INITIAL_ZOOM = 12;

type LocationRiskPanelProps = { subject: RiskSubject; scores: HazardScores | null };

/**
 * SPEC.md "Property Location and Risk Analysis": the property on a real map with zoom 1 to 20, a
 * map / satellite toggle, the risk overlay and the flood, fire and erosion layers.
 */
export function LocationRiskPanel({ subject, scores }: LocationRiskPanelProps) {
  const [zoom, setZoom] = useState(INITIAL_ZOOM);
  const [mapType, setMapType] = useState<MapType>('map');
  const [showOverlay, setShowOverlay] = useState(true);
  const [activeLayers, setActiveLayers] = useState<ReadonlySet<MapLayerId>>(() => new Set<MapLayerId>(['flood', 'fire']));
  const base = useBaseMap();
  const near = useMapNear({ lat: subject.lat, lng: subject.lng });
  const overallScore = scores ? Math.max(scores.flood ?? 0, scores.fire ?? 0, scores.coastal ?? 0) : null;

  function toggleLayer(layer: MapLayerId) {
    setActiveLayers((current) => {
      const next = new Set(current);
      if (next.has(layer)) next.delete(layer);
      else next.add(layer);
      return next;
    });
  }

  // A hazard without data draws no overlay (it is not a score of zero; the cards say "No data").
  const mapScores = scores ? { flood: scores.flood ?? 0, fire: scores.fire ?? 0, coastal: scores.coastal ?? 0 } : null;
  const describe = (score: number | null) => (score === null ? 'no data' : `${formatHazardScore(score)} (${riskLevelFor(score)})`);

  return (
    <Card>
      <CardHeader
        level={2}
        title="Property Location and Risk Analysis"
        description={subject.address}
        icon={<MapPin aria-hidden="true" className="size-5 text-blue-600" />}
        action={overallScore === null ? null : <span data-testid="map-risk-level"><LevelBadge score={overallScore} label="Risk level" /></span>}
      />
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Map controls">
          <div role="group" aria-label="Map type" className="inline-flex rounded-md border border-slate-200">
            {(['map', 'satellite'] as const).map((type) => (
              <button
                key={type}
                type="button"
                aria-pressed={mapType === type}
                onClick={() => setMapType(type)}
                className={cn('px-3 py-1.5 text-sm capitalize first:rounded-l-md last:rounded-r-md', mapType === type ? 'bg-blue-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50')}
              >
                {type === 'map' ? 'Map' : 'Satellite'}
              </button>
            ))}
          </div>
          <div className="inline-flex items-center gap-1" role="group" aria-label="Zoom">
            <Button variant="outline" size="sm" aria-label="Zoom out" disabled={zoom <= 1} onClick={() => setZoom((value) => clampZoom(Math.round(value) - 1))}>
              <Minus aria-hidden="true" className="size-4" />
            </Button>
            <span className="w-16 text-center text-sm tabular-nums text-slate-700" data-testid="map-zoom" aria-live="polite">Zoom {Math.round(zoom)}</span>
            <Button variant="outline" size="sm" aria-label="Zoom in" disabled={zoom >= 20} onClick={() => setZoom((value) => clampZoom(Math.round(value) + 1))}>
              <Plus aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <label className="inline-flex items-center gap-1.5 text-sm text-slate-700">
            <input type="checkbox" checked={showOverlay} onChange={(event) => setShowOverlay(event.target.checked)} />
            Risk overlay
          </label>
          <fieldset className="inline-flex items-center gap-3 text-sm text-slate-700">
            <legend className="sr-only">Risk layers</legend>
            <Layers aria-hidden="true" className="size-4 text-slate-500" />
            {(['flood', 'fire', 'erosion'] as const).map((layer) => (
              <label key={layer} className="inline-flex items-center gap-1.5">
                <input type="checkbox" checked={activeLayers.has(layer)} onChange={() => toggleLayer(layer)} />
                {LAYER_LABELS[layer]}
              </label>
            ))}
          </fieldset>
        </div>
        {mapType === 'satellite' && base.data && base.data.map.satelliteTileUrl === null ? (
          <p role="status" className="rounded-md bg-yellow-50 p-2 text-sm text-yellow-900">
            No satellite imagery is configured: set SATELLITE_TILE_URL to an XYZ imagery URL. Showing the vector map.
          </p>
        ) : null}
        {base.isError ? (
          <p role="alert" className="text-sm text-red-700">The map layers could not be loaded: {base.error.message}</p>
        ) : (
          <Suspense fallback={<Skeleton className="h-80 w-full" />}>
            {base.data ? (
              <PropertyRiskMap
                lat={subject.lat}
                lng={subject.lng}
                zoom={zoom}
                onZoomChange={(value) => setZoom(clampZoom(value))}
                mapType={mapType}
                showOverlay={showOverlay}
                activeLayers={activeLayers}
                scores={mapScores}
                base={base.data.map}
                near={near.data?.near}
              />
            ) : (
              <Skeleton className="h-80 w-full" />
            )}
          </Suspense>
        )}
        <p className="text-xs text-slate-500">
          {subject.lat.toFixed(5)}, {subject.lng.toFixed(5)}.{' '}
          {mapScores
            ? `Overlay where a layer's score is above 20, hotspot above 30: flood ${describe(scores?.flood ?? null)}, fire ${describe(scores?.fire ?? null)}, coastal ${describe(scores?.coastal ?? null)}.`
            : 'Hazard scores are loading.'}{' '}
          {near.data ? `Layers: ${near.data.near.sources.map((source) => source.title).join('; ')}.` : null}
        </p>
      </CardContent>
    </Card>
  );
}
