import { describe, expect, it } from 'vitest';
import { buildHazardContext, locateSite } from '../../src/hazards/context.ts';
import { assess as assessFlood, catchmentAdjustment, catchmentAreaKm2, heightAboveRiverAdjustment, importedFloodScore, lowGroundScore, screenFlood } from '../../src/hazards/flood.ts';
import { rankingAuc } from '../../src/hazards/evaluation.ts';
import type { GazetteerLocality } from '../../src/hazards/types.ts';
import { emptyHazardData, squareState } from './synthetic-data.ts';

/** km per degree of longitude at -34°: 111.32 x cos(34°) = 92.29. */
const KM_PER_DEG_LNG_AT_34 = 111.32 * Math.cos((34 * Math.PI) / 180);
const east = (km: number) => 150 + km / KM_PER_DEG_LNG_AT_34;

function locality(name: string, lat: number, lng: number, altitudeM: number | null): GazetteerLocality {
  return { name, state: 'NSW', postcode: '2000', lat, lng, altitudeM };
}

/** A north-south river along lng 150.0 (lat -33.5 to -34.5), a low locality on its bank and two places east of it. */
function valleyContext(flatAltitudeM: number, hillAltitudeM: number) {
  return buildHazardContext(
    emptyHazardData({
      rivers: [{ name: 'Test', kind: 'river', coords: [150.0, -33.5, 150.0, -34.5] }],
      states: [squareState(-34, 150)],
      localities: [locality('Riverbank', -34, east(0.3), 4), locality('Flats', -34, east(1), flatAltitudeM), locality('Ridge', -34.02, east(4), hillAltitudeM)],
    }),
  );
}

describe('flood-v4 screening terms (worked examples)', () => {
  it('height above the river: +15 up to 5 m, 0 at 15 m, -1 a metre to -30 at 45 m', () => {
    expect(heightAboveRiverAdjustment(0)).toBe(15);
    expect(heightAboveRiverAdjustment(5)).toBe(15);
    // 15 x (15 - 10) / 10 = 7.5
    expect(heightAboveRiverAdjustment(10)).toBe(7.5);
    expect(heightAboveRiverAdjustment(15)).toBe(0);
    // -(30 - 15) = -15
    expect(heightAboveRiverAdjustment(30)).toBe(-15);
    expect(heightAboveRiverAdjustment(200)).toBe(-30);
  });

  it("catchment by Hack's law and its term", () => {
    // A = 2.59 x (100 / 2.2526)^(1/0.6) = 2.59 x 44.39^1.6667 = 2.59 x 556.1 = 1,440 km2
    expect(catchmentAreaKm2(100)).toBeCloseTo(1440, -1);
    // 5 x (log10 10,000 - 3) = 5; 5 x (log10 100 - 3) = -5; clamped at -10 and +5
    expect(catchmentAdjustment(10_000)).toBe(5);
    expect(catchmentAdjustment(100)).toBe(-5);
    expect(catchmentAdjustment(1)).toBe(-10);
    expect(catchmentAdjustment(1e7)).toBe(5);
  });

  it('a flat 1 km from the river scores above a ridge 4 km away, from the gazetteer altitudes', () => {
    const context = valleyContext(6, 80);
    const flat = screenFlood(locateSite({ lat: -34, lng: east(1) }, context), context);
    // the river's level: the lowest locality within 5 km of its nearest point = Riverbank, 4 m;
    // the flat at 6 m -> 2 m above it -> +15; proximity 49.84; catchment +1.17 (1,713 km2)
    expect(flat).toMatchObject({ riverName: 'Test', riverLevelM: 4, riverLevelSource: 'localities', siteAltitudeM: 6, heightAboveRiverM: 2, heightAdjustment: 15 });
    expect(flat.score).toBeCloseTo(49.84 + 15 + 1.17, 1);
    const ridge = screenFlood(locateSite({ lat: -34.02, lng: east(4) }, context), context);
    // 76 m above the river: -30; proximity 60 x (1 - ln 8 / ln 60) = 29.53; 29.53 - 30 + 1.17 = 0.7
    expect(ridge.heightAboveRiverM).toBe(76);
    expect(ridge.score).toBeCloseTo(0.7, 1);
    const assessment = assessFlood({ lat: -34, lng: east(1) }, context, 'high', 2025);
    expect(assessment).toMatchObject({ score: 66, level: 'Medium', scoreRange: { low: 51, high: 81 } });
    expect(assessment.factors.map((f) => f.id)).toEqual(['river-distance', 'height-above-river', 'low-ground', 'catchment']);
  });

  it('the height term never raises the score of a higher place', () => {
    const low = assessFlood({ lat: -34, lng: east(1) }, valleyContext(6, 80), 'high', 2025).score;
    const high = assessFlood({ lat: -34, lng: east(1) }, valleyContext(25, 80), 'high', 2025).score;
    // 21 m above the river: -(21 - 15) = -6 -> 49.84 - 6 + 1.17 = 45
    expect(high).toBe(45);
    expect(high).toBeLessThan(low);
  });

  it('flood-v4: where no locality lies within 5 km of the river point, the lowest within 10 km gives its level', () => {
    // A ridge locality 6 km east of the river (300 m) and a valley one 8.9 km from the river's
    // nearest point (-34, 150): sqrt(7^2 + 5.56^2) = 8.94 km (40 m); none within 5 km of that point
    const context = buildHazardContext(
      emptyHazardData({
        rivers: [{ name: 'Test', kind: 'river', coords: [150.0, -33.5, 150.0, -34.5] }],
        states: [squareState(-34, 150)],
        localities: [locality('Ridge', -34, east(6), 300), locality('Valley', -34.05, east(7), 40)],
      }),
    );
    const ridge = screenFlood(locateSite({ lat: -34, lng: east(6) }, context), context);
    // level 40 m -> 260 m above the river -> -30; proximity 60 x (1 - ln 12 / ln 60) = 23.59;
    // catchment +1.17: 23.59 - 30 + 1.17 < 0 -> 0 (flood-v3 left the level unknown: 23.59 + 1.17 = 24.8)
    expect(ridge).toMatchObject({ riverLevelM: 40, riverLevelSource: 'localities', riverLevelRadiusKm: 10, heightAboveRiverM: 260, heightAdjustment: -30, score: 0 });
    const assessed = assessFlood({ lat: -34, lng: east(6) }, context, 'high', 2025);
    expect(assessed.factors.find((f) => f.id === 'height-above-river')!.label).toMatch(/the river at 40 m \(lowest locality within 10 km of it\)$/);
    // with a locality within 5 km of the river point, that one decides (the 5 km rule first)
    const near = buildHazardContext(
      emptyHazardData({
        rivers: [{ name: 'Test', kind: 'river', coords: [150.0, -33.5, 150.0, -34.5] }],
        states: [squareState(-34, 150)],
        localities: [locality('Ridge', -34, east(6), 300), locality('Valley', -34.05, east(7), 40), locality('Bank', -34, east(4), 120)],
      }),
    );
    expect(screenFlood(locateSite({ lat: -34, lng: east(6) }, near), near)).toMatchObject({ riverLevelM: 120, riverLevelRadiusKm: 5, heightAboveRiverM: 180 });
  });

  it('low ground: 35 up to 5 m above the local base level, 0 from 30 m', () => {
    expect(lowGroundScore(0)).toBe(35);
    expect(lowGroundScore(5)).toBe(35);
    // 35 x (30 - 16) / 25 = 19.6
    expect(lowGroundScore(16)).toBeCloseTo(19.6, 10);
    expect(lowGroundScore(30)).toBe(0);
    expect(lowGroundScore(300)).toBe(0);
  });

  it('without a mapped river, low ground near the coast scores from its height above sea level and a hill reads 0', () => {
    // A coastline along lng 150.0; no river or lake anywhere
    const context = buildHazardContext(
      emptyHazardData({
        coastline: [{ name: null, kind: 'ocean shoreline', coords: [150.0, -33.5, 150.0, -34.5] }],
        states: [squareState(-34, 150)],
        localities: [locality('Plain', -34, east(7), 16), locality('Hill', -34.2, east(20), 480), locality('Valley', -34.25, east(22), 420), locality('Gully', -34.22, east(24), 300)],
      }),
    );
    // 7 km from the coast: base level = sea level; 16 m above it -> 19.6
    const plain = screenFlood(locateSite({ lat: -34, lng: east(7) }, context), context);
    expect(plain).toMatchObject({ riverDistanceKm: null, baseLevelM: 0, baseLevelSource: 'sea', heightAboveBaseM: 16, decidedBy: 'low-ground' });
    expect(plain.score).toBeCloseTo(19.6, 6);
    const assessed = assessFlood({ lat: -34, lng: east(7) }, context, 'high', 2025);
    expect(assessed).toMatchObject({ hasData: true, score: 20, level: 'Low', scoreRange: { low: 0, high: 45 } });
    expect(assessed.factors.map((f) => f.id)).toEqual(['low-ground']);
    expect(assessed.dataNote).toMatch(/^Screening, not a flood study: .*no river or lake of the national layers lies within 30 km/);
    // 20 km inland: base level = the lowest of the three localities within 10 km (300 m; relief 180 m);
    // the hill 180 m above it -> 0, with data
    const hill = screenFlood(locateSite({ lat: -34.2, lng: east(20) }, context), context);
    expect(hill).toMatchObject({ baseLevelM: 300, baseLevelSource: 'localities', heightAboveBaseM: 180, lowGround: 0, score: 0, decidedBy: 'low-ground' });
  });

  it('flood-v5: inland without relief (a plateau) and far from every mapped river and lake is Low with that reason; No data only where the inputs are missing', () => {
    const plateauData = {
      states: [squareState(-34, 150)],
      localities: [locality('Top', -34, 150, 1010), locality('Edge', -34.03, 150.03, 995), locality('Rim', -34.05, 149.97, 1000)],
    };
    // A river 45 km east and a shoreline 1.8 degrees east (about 166 km): both beyond their search radii
    const loaded = buildHazardContext(
      emptyHazardData({
        ...plateauData,
        rivers: [{ name: 'Far', kind: 'river', coords: [150.49, -33.5, 150.49, -34.5] }],
        coastline: [{ name: null, kind: 'ocean shoreline', coords: [151.8, -33.5, 151.8, -34.5] }],
      }),
    );
    const plateau = assessFlood({ lat: -34, lng: 150 }, loaded, 'high', 2025);
    // relief 15 m < 30 m: no base level; no river or lake within 30 km: nothing raises the score
    expect(plateau).toMatchObject({ hasData: true, score: 0, level: 'Low', method: 'flood-v5' });
    expect(plateau.factors[0]).toMatchObject({ id: 'no-flood-signal', value: 1010, unit: 'm' });
    expect(plateau.factors[0]!.label).toBe(
      'No river or lake of the national layers within 30 km, more than 150 km from the coast, altitude 1010 m (gazetteer locality Top, 0.0 km away), no low ground near (the localities within 10 km span less than 30 m or are too few): low',
    );
    // the same plateau without the river layers loaded: the inputs are missing, and the note says which
    const missing = assessFlood({ lat: -34, lng: 150 }, buildHazardContext(emptyHazardData(plateauData)), 'high', 2025);
    expect(missing).toMatchObject({ hasData: false, score: 0, scoreRange: { low: 0, high: 100 } });
    expect(missing.dataNote).toBe('No flood data for this place: the river layers (Natural Earth, WDBII) are not loaded');
  });

  it('a mapped extent decides ahead of the screening', () => {
    const square = (half: number) => [150 - half, -34 - half, 150 + half, -34 - half, 150 + half, -34 + half, 150 - half, -34 + half, 150 - half, -34 - half];
    const context = buildHazardContext(
      emptyHazardData({
        rivers: [{ name: 'Test', kind: 'river', coords: [150.0, -33.5, 150.0, -34.5] }],
        states: [squareState(-34, 150)],
        floodMaps: [{ floodClass: 'area_imaged', rings: [square(0.1)] }],
      }),
    );
    // 0.2 km from the river would screen at 60 + 1.17; imaged and not seen wet, the map says 30
    const onMap = assessFlood({ lat: -34, lng: east(0.2) }, context, 'high', 2025);
    expect(onMap).toMatchObject({ score: 30, scoreRange: { low: 20, high: 40 } });
    expect(onMap.dataUsed.map((d) => d.id)).toContain('lismore-flood-map-2022-floodmapper');
    expect(onMap.dataNote).toMatch(/mapped .* flood extent decides/);
  });
});

describe('imported flood layers: attribute to score', () => {
  it('maps AEP, ARI and depth to the shared damage scale (the 1 % AEP extent at the High threshold)', () => {
    expect(importedFloodScore('aep', 1)).toBe(70);
    // 70 + 30 log5(2) = 70 + 12.92
    expect(importedFloodScore('aep', 2)).toBeCloseTo(82.92, 2);
    // ARI 20 years = 5 % AEP: 70 + 30 = 100, capped at 95
    expect(importedFloodScore('ari', 20)).toBe(95);
    // ARI 200 years = 0.5 %: 40 + 30 log5(2.5) = 40 + 17.08 (Medium)
    expect(importedFloodScore('ari', 200)).toBeCloseTo(57.08, 2);
    expect(importedFloodScore('aep', 0.05)).toBe(25);
    expect(importedFloodScore('depth', 0.1)).toBe(70);
    expect(importedFloodScore('depth', 0.5)).toBe(80);
    expect(importedFloodScore('depth', 1.4)).toBe(90);
    expect(importedFloodScore(null, null)).toBe(70);
    expect(importedFloodScore('aep', null)).toBe(70);
  });
});

describe('rankingAuc', () => {
  it('is the share of positive-negative pairs ranked right, ties a half, no data lowest', () => {
    expect(rankingAuc([{ score: 60, isPositive: true }, { score: 20, isPositive: false }])).toBe(1);
    // pairs: (50 vs 50) tie 0.5, (50 vs null) 1, (null vs 50) 0, (null vs null) 0.5 -> 2 / 4
    expect(rankingAuc([{ score: 50, isPositive: true }, { score: null, isPositive: true }, { score: 50, isPositive: false }, { score: null, isPositive: false }])).toBe(0.5);
    expect(rankingAuc([{ score: 50, isPositive: true }])).toBeNull();
  });
});
