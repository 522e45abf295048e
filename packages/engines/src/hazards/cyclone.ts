/**
 * Cyclone (method cyclone-v2): the AS/NZS 1170.2:2021 wind region (simplified boundaries, see
 * `windRegionFor`) beside the return period of damaging winds near the property from 38 seasons of
 * JTWC best tracks (1981/82-2018/19).
 *
 * Damaging winds: a storm whose track passes within 100 km of the property with a 1-minute
 * sustained wind of at least 55 kt at that point (about 48 kt as a 10-minute mean with the WMO
 * over-water factor 0.88, Harper et al. 2010, WMO/TD-1555: an Australian category 2 cyclone,
 * "destructive winds"). The wind at the track's nearest point is interpolated linearly between its
 * six-hourly fixes. Storms that appear in both basin files are counted once (approaches within 24 h).
 * Rate = storms / 38 seasons; return period = 38 / storms years ("more than 38 years" when none).
 *
 * Baseline score = WIND_REGION_SCORE[region] + min(20, 100 x rate per year). Example: 4 storms in
 * 38 seasons in region C: 60 + 100 x 4 / 38 = 70.5 -> 71.
 * No projection: the ACS tables carry no cyclone metric; IPCC AR6 WG1 (ch. 11) projects fewer but
 * more intense cyclones, which this method does not apply. The score is the same for every year.
 */
import type { ClimateScenario, HazardAssessment, HazardFactor } from '@propguard/schemas';
import { DATA_SETS, factor, formatKm, makeAssessment } from './common.ts';
import { forEachPointWithin, locateSite, siteLookup, type HazardContext, type Site } from './context.ts';
import { KM_PER_DEGREE_LAT, KM_PER_DEGREE_LNG_EQUATOR } from './geo.ts';
import { WIND_REGION_SCORE, WIND_REGION_V500_MS, WIND_REGIONS, type WindRegion } from './reference-tables.ts';
import type { HazardLocation } from './types.ts';

export const CYCLONE_METHOD = 'cyclone-v2';
/** Damaging winds reach the property when the track passes within this distance, km. */
export const CYCLONE_TRACK_RADIUS_KM = 100;
/** 1-minute sustained wind of an Australian category 2 cyclone (48 kt 10-minute / 0.88), kt. */
export const DAMAGING_WIND_KT = 55;
/** Seasons in the JTWC record (1981/82 to 2018/19). */
export const CYCLONE_SEASONS = 38;
/** Half the longest six-hourly segment interpolated (a storm moving 65 km/h covers 390 km), km. */
const SEGMENT_REACH_KM = 200;
const SAME_STORM_HOURS = 24;

/**
 * Score points for the rate of damaging-wind storms, per year: 100 x rate, at most 20.
 * @example cycloneTrackPoints(4 / 38) // 10.5
 */
export function cycloneTrackPoints(ratePerYear: number): number {
  return Math.min(20, 100 * Math.max(0, ratePerYear));
}

interface Approach {
  stormId: string;
  season: number;
  distanceKm: number;
  windKt: number;
  timeMs: number;
}

type TrackFix = { lat: number; lng: number; windKt: number | null; isoTime: string; season: number; stormId: string };

/** The approach along the segment a-b nearest to the site, with the interpolated wind, or null beyond the radius. */
function segmentApproach(site: Site, a: TrackFix, b: TrackFix): Approach | null {
  const kx = KM_PER_DEGREE_LNG_EQUATOR * Math.cos((site.lat * Math.PI) / 180);
  const ky = KM_PER_DEGREE_LAT;
  const ax = (a.lng - site.lng) * kx;
  const ay = (a.lat - site.lat) * ky;
  const dx = (b.lng - a.lng) * kx;
  const dy = (b.lat - a.lat) * ky;
  const lengthSquared = dx * dx + dy * dy;
  // A gap in a track (32 of the 12,373 segments are longer than 400 km) is not interpolated.
  if (lengthSquared > (2 * SEGMENT_REACH_KM) ** 2) return null;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
  const d = Math.hypot(ax + t * dx, ay + t * dy);
  if (d > CYCLONE_TRACK_RADIUS_KM) return null;
  const windA = a.windKt ?? 0;
  const windB = b.windKt ?? windA;
  const timeMs = Date.parse(a.isoTime) + t * (Date.parse(b.isoTime) - Date.parse(a.isoTime));
  return { stormId: a.stormId, season: a.season, distanceKm: d, windKt: windA + t * (windB - windA), timeMs };
}

/** Distinct storms with damaging winds within the radius, strongest approach of each. */
export function findDamagingStorms(site: Site, context: HazardContext): Approach[] {
  // A segment passing within R of the site has an end within R + half its length (<= SEGMENT_REACH_KM).
  const byStorm = new Map<string, Approach>();
  forEachPointWithin(context.cycloneIndex, site.lat, site.lng, CYCLONE_TRACK_RADIUS_KM + SEGMENT_REACH_KM, (item) => {
    const track = context.cycloneTracks.get(item.stormId) ?? [];
    const i = context.cycloneFixPosition.get(item) ?? 0;
    for (const [a, b] of [[track[i - 1], item], [item, track[i + 1] ?? item]] as const) {
      if (!a) continue;
      const approach = segmentApproach(site, a, b);
      if (!approach) continue;
      const best = byStorm.get(item.stormId);
      if (!best || approach.windKt > best.windKt || (approach.windKt === best.windKt && approach.distanceKm < best.distanceKm)) byStorm.set(item.stormId, approach);
    }
  });
  const approaches = [...byStorm.values()].filter((approach) => approach.windKt >= DAMAGING_WIND_KT);
  // A storm crossing 135° E is in both basin files under two ids: one event.
  approaches.sort((a, b) => a.timeMs - b.timeMs);
  const distinct: Approach[] = [];
  for (const approach of approaches) {
    const previous = distinct.at(-1);
    if (previous && approach.timeMs - previous.timeMs <= SAME_STORM_HOURS * 3_600_000) {
      if (approach.windKt > previous.windKt) distinct[distinct.length - 1] = approach;
      continue;
    }
    distinct.push(approach);
  }
  return distinct;
}

/**
 * Wind region by AS/NZS 1170.2:2021 Figure 3.1(A), simplified: the cyclonic coast is north of
 * 25° S (27° S in Western Australia); region D is the Pilbara/Gascoyne coast between 20° S and
 * 25° S west of 129° E; bands of 50 km from the coast step D -> C -> B -> A and C -> B -> A, the B
 * band reaching 150 km inland; south-east Queensland's coast between 25° S and 28.2° S is region B
 * (B1 in the 2021 edition) within 50 km.
 * @example windRegionFor(-19.26, 146.82, 2) // 'C' (Townsville)
 */
export function windRegionFor(lat: number, lng: number, coastDistanceKm: number | null): WindRegion {
  const d = coastDistanceKm ?? Infinity;
  const isWa = lng < 129;
  const isPilbaraGascoyne = isWa && lat <= -20 && lat >= -25;
  const isCyclonicCoast = lat > -25 || (isWa && lat > -27);
  if (isPilbaraGascoyne) {
    if (d <= 50) return 'D';
    if (d <= 100) return 'C';
    if (d <= 150) return 'B';
    return 'A';
  }
  if (isCyclonicCoast) {
    if (d <= 50) return 'C';
    if (d <= 150) return 'B';
    return 'A';
  }
  if (!isWa && lng > 150 && lat <= -25 && lat >= -28.2 && d <= 50) return 'B';
  return 'A';
}

/** Cyclone at an already located site. */
export function assessCycloneAt(site: Site, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  const factors: HazardFactor[] = [];
  const region = windRegionFor(site.lat, site.lng, site.coastDistanceKm);
  factors.push(
    factor('wind-region', `AS/NZS 1170.2 wind region ${region} (500-year gust ${WIND_REGION_V500_MS[region]} m/s)${region === 'A' ? ', non-cyclonic' : ''}`, WIND_REGION_V500_MS[region], 'm/s', region === 'A' ? 'lowers' : 'raises'),
  );
  const hasTracks = context.data.cycloneFixes.length > 0;
  const storms = hasTracks ? siteLookup(site, 'cyclone-storms', () => findDamagingStorms(site, context)) : [];
  const rate = storms.length / CYCLONE_SEASONS;
  if (!hasTracks) {
    factors.push(factor('cyclone-tracks', 'Cyclone tracks not loaded: the wind region alone is used', null, null, 'neutral'));
  } else if (storms.length > 0) {
    const strongest = [...storms].sort((a, b) => b.windKt - a.windKt)[0]!;
    factors.push(
      factor(
        'cyclone-return-period',
        `Damaging winds (a cyclone of ${DAMAGING_WIND_KT} kt or more within ${CYCLONE_TRACK_RADIUS_KM} km) about once in ${(CYCLONE_SEASONS / storms.length).toFixed(storms.length > 3 ? 0 : 1)} years: ${storms.length} storm${storms.length === 1 ? '' : 's'} in ${CYCLONE_SEASONS} seasons 1981-2019 (strongest: season ${strongest.season}, ${Math.round(strongest.windKt)} kt at ${formatKm(strongest.distanceKm)})`,
        CYCLONE_SEASONS / storms.length,
        'years',
        'raises',
      ),
    );
  } else {
    factors.push(factor('cyclone-return-period', `No cyclone of ${DAMAGING_WIND_KT} kt or more passed within ${CYCLONE_TRACK_RADIUS_KM} km in ${CYCLONE_SEASONS} seasons 1981-2019 (return period more than ${CYCLONE_SEASONS} years)`, null, 'years', 'lowers'));
  }
  const baselineScore = WIND_REGION_SCORE[region] + cycloneTrackPoints(rate);
  // The wind region needs the coastline; without it every place would read as region A.
  const hasData = context.data.coastline.length > 0 && (site.stateCode !== null || site.coastDistanceKm !== null);
  return makeAssessment({
    hazard: 'cyclone',
    baselineScore,
    score: baselineScore,
    // Region boundaries are simplified and 38 seasons give a rough return period (±15).
    uncertainty: 15,
    hasData,
    dataNote: hasData
      ? `Wind region from simplified boundaries of ${WIND_REGIONS.id}; return period of damaging winds from ${CYCLONE_SEASONS} seasons of JTWC tracks (rough where storms are rare); no climate projection applied`
      : 'No cyclone data for this place',
    factors,
    dataUsed: hasTracks ? [DATA_SETS.shoreline, DATA_SETS.jtwc] : [DATA_SETS.shoreline],
    method: CYCLONE_METHOD,
    scenario,
    year,
    tables: [WIND_REGIONS],
  });
}

/**
 * Cyclone assessment of a place.
 * @example assess({ lat: -19.26, lng: 146.82 }, context, 'high', 2025) // Townsville: Medium
 */
export function assess(location: HazardLocation, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  return assessCycloneAt(locateSite(location, context), context, scenario, year);
}
