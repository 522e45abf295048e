/** Small hand-made hazard data sets for unit tests (no files). */
import type { HazardDataSets, RegionMetricRow } from '../../src/hazards/types.ts';

export function emptyHazardData(overrides: Partial<HazardDataSets> = {}): HazardDataSets {
  return {
    coastline: [],
    rivers: [],
    lakes: [],
    suburbs: [],
    bushfireProne: [],
    localities: [],
    fireDetections: [],
    stateFireYears: [],
    cycloneFixes: [],
    earthquakes: [],
    regionMetrics: [],
    ffdiChanges: [],
    coastalPoints: [],
    slrIncrements: [],
    annualClimate: [],
    floodMaps: [],
    states: [],
    ...overrides,
  };
}

/** A square "state" polygon around (lat, lng) so the site resolves to a state (NSW by default). */
export function squareState(lat: number, lng: number, halfDeg = 3, name = 'New South Wales', postal = 'NSW'): HazardDataSets['states'][number] {
  return {
    name,
    postal,
    polygons: [[[lng - halfDeg, lat - halfDeg, lng + halfDeg, lat - halfDeg, lng + halfDeg, lat + halfDeg, lng - halfDeg, lat + halfDeg, lng - halfDeg, lat - halfDeg]]],
  };
}

export function changeRow(metric: string, region: string, gwl: number, median: number, units = '%'): RegionMetricRow {
  return { metric, table: 'change', gwl, region, regionName: region, min: null, median, max: null, units };
}

/** The IPCC AR6 sea-level rows of the ACS table (slr_increments_ipcc_ar6.csv). */
export const SLR_ROWS: HazardDataSets['slrIncrements'] = [
  { year: 2030, gwlC: 1.5, ssp: 'SSP1-2.6', slrMedianM: 0.09, slrLikelyLowM: 0.08, slrLikelyHighM: 0.12 },
  { year: 2050, gwlC: 2, ssp: 'SSP1-2.6/SSP2-4.5', slrMedianM: 0.2, slrLikelyLowM: 0.17, slrLikelyHighM: 0.26 },
  { year: 2090, gwlC: 2, ssp: 'SSP1-2.6/SSP2-4.5', slrMedianM: 0.39, slrLikelyLowM: 0.3, slrLikelyHighM: 0.54 },
  { year: 2090, gwlC: 3, ssp: 'SSP2-4.5/SSP3-7.0', slrMedianM: 0.63, slrLikelyLowM: 0.52, slrLikelyHighM: 0.83 },
  { year: 2100, gwlC: 5, ssp: 'SSP5-8.5', slrMedianM: 0.7, slrLikelyLowM: 0.63, slrLikelyHighM: 1.01 },
];
