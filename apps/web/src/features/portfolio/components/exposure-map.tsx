import { useEffect, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureCollection, PortfolioSummary } from '@propguard/schemas';
import { useBaseMap } from '../api/get-base-map.ts';

// MapLibre finds its worker next to its own module; a bundled app must say where the worker is.
maplibregl.setWorkerUrl(workerUrl);

type Points = PortfolioSummary['map']['points'];

const LEVEL_COLOURS = ['match', ['coalesce', ['get', 'level'], 'none'], 'High', '#dc2626', 'Medium', '#f59e0b', 'Low', '#16a34a', '#94a3b8'] as unknown as maplibregl.ExpressionSpecification;

function pointsData(points: Points): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: points.map((point) => ({
      type: 'Feature',
      properties: { loan: point.loanId, amount: point.loanAmountAud, level: point.hazardLevel ?? 'none' },
      geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
    })),
  };
}

/** Every placed loan's box; null when none is placed. */
function boundsOf(points: Points): maplibregl.LngLatBounds | null {
  if (points.length === 0) return null;
  const bounds = new maplibregl.LngLatBounds();
  for (const point of points) bounds.extend([point.lng, point.lat]);
  return bounds;
}

/** Room around the outermost loans (px): the largest circle's radius and a margin, less on a small map. */
function paddingFor(container: HTMLElement): number {
  return Math.max(8, Math.min(48, Math.floor(Math.min(container.clientWidth, container.clientHeight) / 8)));
}

const AUSTRALIA: maplibregl.LngLatBoundsLike = [[112, -44], [154, -10]];

/**
 * The book's exposure on the app's MapLibre setup (our own vector base: states and coastline, no
 * tile server): one circle per loan, sized by the loan amount, coloured by its highest hazard level.
 */
export function ExposureMap({ points, total, assessed, isTruncated }: { points: Points; total: number; assessed: number; isTruncated: boolean }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const base = useBaseMap();
  const baseData = base.data?.map;

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !baseData) return undefined;
    const bounds = boundsOf(points);
    const geojson = (data: FeatureCollection): maplibregl.GeoJSONSourceSpecification => ({ type: 'geojson', data: data as unknown as maplibregl.GeoJSONSourceSpecification['data'] });
    const map = new maplibregl.Map({
      container,
      style: {
        version: 8,
        sources: { states: geojson(baseData.states), coastline: geojson(baseData.coastline), loans: geojson(pointsData(points)) },
        layers: [
          { id: 'background', type: 'background', paint: { 'background-color': '#f8fafc' } },
          { id: 'states-line', type: 'line', source: 'states', paint: { 'line-color': '#64748b', 'line-width': 1, 'line-dasharray': [3, 2] } },
          { id: 'coastline-line', type: 'line', source: 'coastline', paint: { 'line-color': '#0369a1', 'line-width': 1.2 } },
          {
            id: 'loans',
            type: 'circle',
            source: 'loans',
            paint: {
              'circle-color': LEVEL_COLOURS,
              'circle-opacity': 0.75,
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': 1,
              'circle-radius': ['interpolate', ['linear'], ['get', 'amount'], 100_000, 4, 1_000_000, 7, 5_000_000, 12],
            },
          },
        ],
      },
      bounds: bounds ?? AUSTRALIA,
      fitBoundsOptions: { padding: paddingFor(container), maxZoom: 13 },
      attributionControl: false,
    });
    map.addControl(new maplibregl.AttributionControl({ compact: true, customAttribution: baseData.attribution }));
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }));
    // Every loan in view, with room for its circle, whatever size the box ends up (a panel laid
    // out after the map was made, a rotated phone): fitted again whenever the box changes size.
    const fit = () => map.fitBounds(bounds ?? AUSTRALIA, { padding: paddingFor(container), maxZoom: 13, animate: false });
    map.once('load', fit);
    const observer = new ResizeObserver(() => {
      map.resize();
      fit();
    });
    observer.observe(container);
    return () => {
      observer.disconnect();
      map.remove();
    };
  }, [baseData, points]);

  const counts = { High: 0, Medium: 0, Low: 0, none: 0 };
  for (const point of points) counts[point.hazardLevel ?? 'none'] += 1;

  return (
    <div className="space-y-2">
      <div
        ref={containerRef}
        role="img"
        aria-label={`Map of ${points.length.toLocaleString('en-AU')} loans by highest hazard level: ${counts.High} High, ${counts.Medium} Medium, ${counts.Low} Low, ${counts.none} without hazard data`}
        data-testid="portfolio-exposure-map"
        className="h-96 overflow-hidden rounded-md border border-slate-200"
      />
      <p className="text-xs text-slate-600">
        {`Circles sized by loan amount; red High, amber Medium, green Low, grey no hazard data. ${points.length.toLocaleString('en-AU')} of ${total.toLocaleString('en-AU')} loans with coordinates${isTruncated ? ' (the largest loans)' : ''}.`}
      </p>
      {assessed > total ? <p className="text-xs text-slate-600" data-testid="portfolio-map-unplaced">{`${(assessed - total).toLocaleString('en-AU')} of the ${assessed.toLocaleString('en-AU')} loans assessed could not be placed on the map (no coordinates).`}</p> : null}
      {base.isError ? <p className="text-xs text-slate-600">The base map could not be loaded.</p> : null}
    </div>
  );
}
