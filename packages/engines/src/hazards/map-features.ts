/**
 * `findMapFeaturesNear`: the hazard layers around a place as GeoJSON for the property map: the
 * same indexed data the hazard scores read (suburbs, shoreline, rivers, flood extents, fire
 * detections, coastal points), clipped to a box around the place.
 */
import type { Feature, FeatureCollection, MapNear } from '@propguard/schemas';
import { findPointsWithin, type HazardContext } from './context.ts';
import { degreeSpan, type SegmentIndex } from './geo.ts';
import type { HazardLocation, PolygonRings } from './types.ts';

/** Most suburb polygons a map answer carries (a 25 km radius in a capital holds about 250). */
export const MAX_MAP_SUBURBS = 400;
/** Most fire detections a map answer carries, nearest first. */
export const MAX_MAP_FIRES = 2_000;

function collection(features: Feature[]): FeatureCollection {
  return { type: 'FeatureCollection', features };
}

function ringToPositions(ring: readonly number[]): [number, number][] {
  const positions: [number, number][] = [];
  for (let i = 0; i + 1 < ring.length; i += 2) positions.push([ring[i]!, ring[i + 1]!]);
  return positions;
}

function polygonGeometry(polygons: readonly PolygonRings[]): Feature['geometry'] {
  if (polygons.length === 1) return { type: 'Polygon', coordinates: polygons[0]!.map(ringToPositions) };
  return { type: 'MultiPolygon', coordinates: polygons.map((rings) => rings.map(ringToPositions)) };
}

/**
 * The segments of an indexed line set inside a box, joined back into runs of consecutive
 * vertices: one LineString per run, named after its line.
 */
function linesInBox(index: SegmentIndex, box: readonly [number, number, number, number]): Feature[] {
  if (!index.tree) return [];
  const hits = index.tree.search(box[0], box[1], box[2], box[3]).sort((a, b) => index.segmentLine[a]! - index.segmentLine[b]! || index.segmentOffset[a]! - index.segmentOffset[b]!);
  const features: Feature[] = [];
  let run: [number, number][] = [];
  let runLine = -1;
  let runEnd = -1;
  const flush = () => {
    if (run.length >= 2) {
      const line = index.lines[runLine]!;
      features.push({ type: 'Feature', properties: { name: line.name, kind: line.kind }, geometry: { type: 'LineString', coordinates: run } });
    }
    run = [];
  };
  for (const segment of hits) {
    const lineIndex = index.segmentLine[segment]!;
    const offset = index.segmentOffset[segment]!;
    const coords = index.lines[lineIndex]!.coords;
    // A segment continues the run when it starts where the previous one ended, on the same line.
    if (lineIndex !== runLine || offset !== runEnd) {
      flush();
      runLine = lineIndex;
      run.push([coords[offset]!, coords[offset + 1]!]);
    }
    run.push([coords[offset + 2]!, coords[offset + 3]!]);
    runEnd = offset + 2;
  }
  flush();
  return features;
}

/**
 * What lies within `radiusKm` of a place, for the map (the box around the circle for lines and
 * polygons; the circle itself for points).
 * @example findMapFeaturesNear(context, { lat: -28.81, lng: 153.28 }, 20).floodExtents.features.length > 0 // Lismore
 */
export function findMapFeaturesNear(context: HazardContext, location: HazardLocation, radiusKm: number): MapNear {
  const { lat, lng } = location;
  const { dLat, dLng } = degreeSpan(lat, radiusKm);
  const box = [lng - dLng, lat - dLat, lng + dLng, lat + dLat] as const;

  const suburbs = (context.suburbIndex.tree?.search(...box) ?? []).slice(0, MAX_MAP_SUBURBS).map((i): Feature => {
    const suburb = context.suburbIndex.items[i]!;
    return { type: 'Feature', properties: { name: suburb.name, salCode: suburb.salCode, state: suburb.stateName }, geometry: polygonGeometry(suburb.polygons) };
  });

  const floodExtents = (context.floodMapIndex.tree?.search(...box) ?? [])
    .map((i) => context.floodMapIndex.items[i]!)
    // "area_imaged" is the footprint of the satellite scene, not water.
    .filter((polygon) => polygon.floodClass !== 'area_imaged')
    .map((polygon): Feature => ({ type: 'Feature', properties: { floodClass: polygon.floodClass }, geometry: polygonGeometry([polygon.rings]) }));

  const fires = findPointsWithin(context.fireIndex, lat, lng, radiusKm)
    .slice(0, MAX_MAP_FIRES)
    .map(({ item, distanceKm }): Feature => ({
      type: 'Feature',
      properties: { frpMw: item.frpMw, acquiredAt: item.acquiredAt, distanceKm: Math.round(distanceKm * 10) / 10 },
      geometry: { type: 'Point', coordinates: [item.lng, item.lat] },
    }));

  const coastalPoints = findPointsWithin(context.coastalPointIndex, lat, lng, radiusKm).map(({ item }): Feature => ({
    type: 'Feature',
    properties: { stormTideAep1pcM: item.swlAep1pcM, lga: item.lga },
    geometry: { type: 'Point', coordinates: [item.lng, item.lat] },
  }));

  return {
    center: { lat, lng },
    radiusKm,
    suburbs: collection(suburbs),
    coastline: collection(linesInBox(context.coastIndex, box)),
    rivers: collection([...linesInBox(context.riverIndex, box), ...linesInBox(context.lakeIndex, box)]),
    floodExtents: collection(floodExtents),
    fires: collection(fires),
    coastalPoints: collection(coastalPoints),
    sources: [
      { id: 'abs-suburbs-localities-2021', title: 'ABS Suburbs and Localities 2021' },
      { id: 'gshhg-coast-rivers-australia', title: 'GSHHG 2.3.7 shoreline and WDBII rivers' },
      { id: 'au-natural-earth', title: 'Natural Earth rivers and lakes' },
      { id: 'lismore-flood-map-2022-floodmapper', title: 'Lismore 2022 satellite flood map (ML4Floods)' },
      { id: 'firms-modis-australia-aug-sep-2019', title: 'NASA FIRMS MODIS detections, Aug-Sep 2019' },
      { id: 'acs-ncra-coastal-extreme-sea-levels', title: 'ACS coastal extreme sea levels' },
    ],
  };
}
