import { useEffect, useRef, useState } from 'react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { BaseMap, FeatureCollection, MapNear } from '@propguard/schemas';
import { circleRing, HOTSPOT_THRESHOLD, MAP_LAYER_HAZARD, MAX_ZOOM, MIN_ZOOM, OVERLAY_THRESHOLD, type MapLayerId } from '../risk-subject.ts';

// MapLibre finds its worker next to its own module; a bundled app must say where the worker is.
maplibregl.setWorkerUrl(workerUrl);

export type MapType = 'map' | 'satellite';

export type PropertyRiskMapProps = {
  lat: number;
  lng: number;
  zoom: number;
  onZoomChange: (zoom: number) => void;
  mapType: MapType;
  showOverlay: boolean;
  activeLayers: ReadonlySet<MapLayerId>;
  /** Flood, fire and coastal scores (0-100) that drive the overlay and the hotspots. */
  scores: { flood: number; fire: number; coastal: number } | null;
  base: BaseMap | undefined;
  near: MapNear | undefined;
};

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

const LAYER_COLOURS: Record<MapLayerId, string> = { flood: '#2563eb', fire: '#dc2626', erosion: '#d97706' };

/** Overlay radius per layer, km: the area the score describes around the property. */
const OVERLAY_RADIUS_KM: Record<MapLayerId, number> = { flood: 0.8, fire: 1.5, erosion: 0.6 };

// Which map layers belong to each hazard layer choice.
const HAZARD_LAYER_IDS: Record<MapLayerId, string[]> = {
  flood: ['near-rivers-flood', 'near-flood-extents'],
  fire: ['near-fires'],
  erosion: ['near-coastline-erosion', 'near-coastal-points'],
};

function overlayData(lat: number, lng: number, layer: MapLayerId, score: number): FeatureCollection {
  if (score <= OVERLAY_THRESHOLD) return EMPTY;
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: { score }, geometry: { type: 'Polygon', coordinates: [circleRing(lat, lng, OVERLAY_RADIUS_KM[layer])] } }],
  };
}

function hotspotData(lat: number, lng: number, score: number): FeatureCollection {
  if (score <= HOTSPOT_THRESHOLD) return EMPTY;
  return { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { score }, geometry: { type: 'Point', coordinates: [lng, lat] } }] };
}

function scoreFor(scores: PropertyRiskMapProps['scores'], layer: MapLayerId): number {
  return scores ? scores[MAP_LAYER_HAZARD[layer]] : 0;
}

function setData(map: maplibregl.Map, sourceId: string, data: FeatureCollection) {
  const source = map.getSource(sourceId);
  if (source && 'setData' in source) (source as maplibregl.GeoJSONSource).setData(data as unknown as Parameters<maplibregl.GeoJSONSource['setData']>[0]);
}

function setVisible(map: maplibregl.Map, layerId: string, isVisible: boolean) {
  if (map.getLayer(layerId)) map.setLayoutProperty(layerId, 'visibility', isVisible ? 'visible' : 'none');
}

function buildStyle(satelliteTileUrl: string | null): maplibregl.StyleSpecification {
  const geojson = (): maplibregl.GeoJSONSourceSpecification => ({ type: 'geojson', data: EMPTY as unknown as maplibregl.GeoJSONSourceSpecification['data'] });
  const sources: maplibregl.StyleSpecification['sources'] = {
    states: geojson(),
    lakes: geojson(),
    rivers: geojson(),
    coastline: geojson(),
    suburbs: geojson(),
    'near-coastline': geojson(),
    'near-rivers': geojson(),
    'near-flood-extents': geojson(),
    'near-fires': geojson(),
    'near-coastal-points': geojson(),
  };
  for (const layer of ['flood', 'fire', 'erosion'] as const) {
    sources[`overlay-${layer}`] = geojson();
    sources[`hotspot-${layer}`] = geojson();
  }
  if (satelliteTileUrl) sources.satellite = { type: 'raster', tiles: [satelliteTileUrl], tileSize: 256, maxzoom: 19 };

  const layers: maplibregl.LayerSpecification[] = [
    // No sea fill: the 1:50m state polygons would put the sea a few hundred metres off the real
    // shoreline at street zoom. The shorelines themselves (Natural Earth, and GSHHG near the
    // property) mark the coast.
    { id: 'background', type: 'background', paint: { 'background-color': '#f8fafc' } },
    ...(satelliteTileUrl ? [{ id: 'satellite', type: 'raster', source: 'satellite', layout: { visibility: 'none' } } as maplibregl.LayerSpecification] : []),
    { id: 'lakes-fill', type: 'fill', source: 'lakes', paint: { 'fill-color': '#bfdbfe' } },
    { id: 'suburbs-line', type: 'line', source: 'suburbs', paint: { 'line-color': '#94a3b8', 'line-width': 0.8 } },
    { id: 'states-line', type: 'line', source: 'states', maxzoom: 10, paint: { 'line-color': '#64748b', 'line-width': 1.2, 'line-dasharray': [3, 2] } },
    { id: 'rivers-line', type: 'line', source: 'rivers', paint: { 'line-color': '#60a5fa', 'line-width': 1.2 } },
    { id: 'near-rivers-line', type: 'line', source: 'near-rivers', paint: { 'line-color': '#60a5fa', 'line-width': 1.5 } },
    { id: 'coastline-line', type: 'line', source: 'coastline', maxzoom: 10, paint: { 'line-color': '#0369a1', 'line-width': 1.2 } },
    { id: 'near-coastline-line', type: 'line', source: 'near-coastline', paint: { 'line-color': '#0369a1', 'line-width': 1.5 } },
    // Hazard layers (flood, fire, erosion).
    { id: 'near-flood-extents', type: 'fill', source: 'near-flood-extents', paint: { 'fill-color': LAYER_COLOURS.flood, 'fill-opacity': 0.35 } },
    { id: 'near-rivers-flood', type: 'line', source: 'near-rivers', paint: { 'line-color': LAYER_COLOURS.flood, 'line-width': 3 } },
    { id: 'near-coastline-erosion', type: 'line', source: 'near-coastline', layout: { visibility: 'none' }, paint: { 'line-color': LAYER_COLOURS.erosion, 'line-width': 3 } },
    {
      id: 'near-coastal-points',
      type: 'circle',
      source: 'near-coastal-points',
      layout: { visibility: 'none' },
      paint: { 'circle-color': LAYER_COLOURS.erosion, 'circle-radius': 4, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 },
    },
    {
      id: 'near-fires',
      type: 'circle',
      source: 'near-fires',
      paint: {
        'circle-color': LAYER_COLOURS.fire,
        'circle-opacity': 0.75,
        // Fire radiative power (MW): a bigger dot for a more intense detection.
        'circle-radius': ['interpolate', ['linear'], ['coalesce', ['get', 'frpMw'], 0], 0, 3, 100, 6, 1000, 10],
      },
    },
  ];
  for (const layer of ['flood', 'fire', 'erosion'] as const) {
    layers.push({ id: `overlay-${layer}`, type: 'fill', source: `overlay-${layer}`, paint: { 'fill-color': LAYER_COLOURS[layer], 'fill-opacity': ['*', 0.35, ['/', ['get', 'score'], 100]] } });
    layers.push({
      id: `hotspot-${layer}`,
      type: 'circle',
      source: `hotspot-${layer}`,
      paint: { 'circle-color': LAYER_COLOURS[layer], 'circle-radius': 22, 'circle-opacity': 0.3, 'circle-stroke-color': LAYER_COLOURS[layer], 'circle-stroke-width': 2 },
    });
  }
  return { version: 8, sources, layers };
}

/**
 * The property on a real map drawn from our own vector data (Natural Earth, GSHHG, ABS suburbs,
 * FIRMS detections, flood extents): no tile server. Satellite imagery only when configured.
 */
export function PropertyRiskMap({ lat, lng, zoom, onZoomChange, mapType, showOverlay, activeLayers, scores, base, near }: PropertyRiskMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const markerRef = useRef<maplibregl.Marker | null>(null);
  const [isLoaded, setIsLoaded] = useState(false);
  const satelliteTileUrl = base?.satelliteTileUrl ?? null;
  const hasBase = base !== undefined;

  // Create the map once the base layers are known (the style depends on the imagery setting).
  useEffect(() => {
    if (!containerRef.current || !hasBase) return;
    const map = new maplibregl.Map({
      container: containerRef.current,
      style: buildStyle(satelliteTileUrl),
      center: [lng, lat],
      zoom,
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
      attributionControl: false,
      // Keep the page scrolling; the zoom buttons and double-click zoom the map.
      scrollZoom: false,
    });
    map.addControl(new maplibregl.AttributionControl({ compact: true, customAttribution: base?.attribution }));
    map.on('load', () => setIsLoaded(true));
    // Only zooms the user made on the map itself (double-click, pinch) report back; the buttons
    // already set the zoom, and a late event of their animation must not undo a quicker click.
    map.on('zoomend', (event) => {
      if (event.originalEvent) onZoomChange(Math.round(map.getZoom() * 10) / 10);
    });
    markerRef.current = new maplibregl.Marker({ color: '#dc2626' }).setLngLat([lng, lat]).addTo(map);
    mapRef.current = map;
    return () => {
      setIsLoaded(false);
      markerRef.current = null;
      mapRef.current = null;
      map.remove();
    };
    // The map is created once per imagery setting; position, zoom and data follow in the effects below.
  }, [hasBase, satelliteTileUrl]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    markerRef.current?.setLngLat([lng, lat]);
    map.jumpTo({ center: [lng, lat] });
  }, [lat, lng]);

  useEffect(() => {
    const map = mapRef.current;
    if (map && Math.abs(map.getZoom() - zoom) > 0.05) map.zoomTo(zoom, { duration: 200 });
  }, [zoom]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !isLoaded || !base) return;
    setData(map, 'states', base.states);
    setData(map, 'coastline', base.coastline);
    setData(map, 'rivers', base.rivers);
    setData(map, 'lakes', base.lakes);
  }, [isLoaded, base]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !isLoaded || !near) return;
    setData(map, 'suburbs', near.suburbs);
    setData(map, 'near-coastline', near.coastline);
    setData(map, 'near-rivers', near.rivers);
    setData(map, 'near-flood-extents', near.floodExtents);
    setData(map, 'near-fires', near.fires);
    setData(map, 'near-coastal-points', near.coastalPoints);
  }, [isLoaded, near]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !isLoaded) return;
    for (const layer of ['flood', 'fire', 'erosion'] as const) {
      const isActive = activeLayers.has(layer);
      const score = scoreFor(scores, layer);
      for (const id of HAZARD_LAYER_IDS[layer]) setVisible(map, id, isActive);
      setData(map, `overlay-${layer}`, showOverlay && isActive ? overlayData(lat, lng, layer, score) : EMPTY);
      setData(map, `hotspot-${layer}`, showOverlay && isActive ? hotspotData(lat, lng, score) : EMPTY);
    }
  }, [isLoaded, activeLayers, showOverlay, scores, lat, lng]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !isLoaded) return;
    setVisible(map, 'satellite', mapType === 'satellite');
  }, [isLoaded, mapType]);

  return (
    <div
      ref={containerRef}
      className="h-80 w-full overflow-hidden rounded-md border border-slate-200"
      role="img"
      aria-label={`Map of the property at ${lat.toFixed(4)}, ${lng.toFixed(4)}`}
      data-testid="property-map"
      data-loaded={isLoaded ? 'true' : 'false'}
    />
  );
}
