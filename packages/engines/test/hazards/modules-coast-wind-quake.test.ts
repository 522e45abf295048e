import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildHazardContext } from '../../src/hazards/context.ts';
import { assess as assessCoastal } from '../../src/hazards/coastal.ts';
import { assess as assessCyclone } from '../../src/hazards/cyclone.ts';
import { assess as assessEarthquake } from '../../src/hazards/earthquake.ts';
import { seaLevelRiseM } from '../../src/hazards/projections.ts';
import { emptyHazardData, SLR_ROWS, squareState } from './synthetic-data.ts';

const KM_PER_DEG_LNG_AT_34 = 111.32 * Math.cos((34 * Math.PI) / 180);
const site = { lat: -34, lng: 151 - 1 / KM_PER_DEG_LNG_AT_34 };

/** A straight shoreline along lng 151 (sea to the east), an ACS point 2.8 km offshore, a locality at 6.2 m. */
const coastContext = buildHazardContext(
  emptyHazardData({
    coastline: [{ name: null, kind: 'ocean shoreline', coords: [151, -33.5, 151, -34.5] }],
    coastalPoints: [{ region: 'NSW', lga: 'Testshire', lat: -34, lng: 151.03, swlAep1pcM: 1.33, mtwlAep1pcM: 3.4, slrM: [0, 0.1, 0.2, 0.6], swlMf: [1, 3, 10, 300], mtwlMf: [1, 2, 5, 100] }],
    localities: [{ name: 'TESTBEACH', state: 'NSW', postcode: '2999', lat: site.lat, lng: site.lng, altitudeM: 6.2 }],
    states: [squareState(-34, 151)],
    slrIncrements: SLR_ROWS,
  }),
);

describe('coastal-v1 on a synthetic coast', () => {
  it('combines erosion and inundation (worked example)', () => {
    // 2025: SLR = 0.06 + (0.09 - 0.06) x 5/10 = 0.075 m
    expect(seaLevelRiseM(coastContext, 'high', 2025)).toBeCloseTo(0.075, 10);
    // erosion: de = 1 - 0.1 x 0.075 = 0.9925 km -> 80 x (1 - ln 9.925 / ln 20) = 18.7
    // inundation: margin = 6.2 - (1.33 + 0.075) = 4.795 m -> 90 x (1 - 0.4795) = 46.8 (inland decay 1 at 1 km)
    const now = assessCoastal(site, coastContext, 'high', 2025);
    expect(now).toMatchObject({ score: 47, baselineScore: 47, level: 'Medium', hasData: true, method: 'coastal-v1' });
    // 2090 high: SLR 0.63 m -> margin 6.2 - 1.96 = 4.24 m -> 90 x 0.576 = 51.8 -> 52
    const late = assessCoastal(site, coastContext, 'high', 2090);
    expect(late).toMatchObject({ score: 52, baselineScore: 47 });
    expect(late.factors.find((f) => f.id === 'storm-tide-frequency')!.label).toMatch(/over 200 times as often/);
  });

  it('never falls as the sea rises, and falls away from the shore', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 25, noNaN: true }), fc.integer({ min: 2025, max: 2100 }), fc.integer({ min: 2025, max: 2100 }), (km, y1, y2) => {
        const place = { lat: -34, lng: 151 - km / KM_PER_DEG_LNG_AT_34 };
        const [early, late] = y1 <= y2 ? [y1, y2] : [y2, y1];
        expect(assessCoastal(place, coastContext, 'high', late).score).toBeGreaterThanOrEqual(assessCoastal(place, coastContext, 'high', early).score);
        expect(assessCoastal(place, coastContext, 'high', late).score).toBeGreaterThanOrEqual(assessCoastal(place, coastContext, 'low', late).score);
      }),
      { numRuns: 150 },
    );
    expect(assessCoastal({ lat: -34, lng: 151 - 21 / KM_PER_DEG_LNG_AT_34 }, coastContext, 'high', 2090).score).toBe(0);
  });
});

describe('cyclone-v1', () => {
  it('adds 3 points per gale-force storm within 150 km to the wind region score', () => {
    const townsville = { lat: -19.26, lng: 146.82 };
    const kmPerDegLat = 110.574;
    const fix = (stormId: string, name: string, km: number, windKt: number | null) => ({ stormId, name, season: 2011, isoTime: '2011-02-02T12:00:00Z', lat: townsville.lat - km / kmPerDegLat, lng: townsville.lng, windKt, pressureHpa: null });
    const context = buildHazardContext(
      emptyHazardData({
        coastline: [{ name: null, kind: 'ocean shoreline', coords: [146.83, -19.0, 146.83, -19.5] }],
        states: [squareState(-19.26, 146.82, 3, 'Queensland', 'QLD')],
        cycloneFixes: [fix('A', 'YASI', 50, 110), fix('A', 'YASI', 60, 100), fix('B', 'WEAKLING', 100, 30), fix('C', 'ANTHONY', 140, 40), fix('D', 'FARAWAY', 200, 120)],
      }),
    );
    const result = assessCyclone(townsville, context, 'high', 2050);
    // region C (60) + 3 x 2 storms (Yasi, Anthony; Weakling below 34 kt, Faraway beyond 150 km) = 66
    expect(result).toMatchObject({ score: 66, baselineScore: 66, level: 'Medium' });
    expect(result.factors[1]!.label).toBe('2 cyclones passed within 150 km in 2010-2015 (closest: Yasi 2011, 50 km at up to 110 kt)');
    expect(assessCyclone(townsville, context, 'low', 2025).score).toBe(66);
  });
});

describe('earthquake-v1', () => {
  it('raises the minimum hazard factor by a nearby historical earthquake (Meckering example)', () => {
    const meckering = { lat: -31.6294, lng: 117.01 };
    const context = buildHazardContext(
      emptyHazardData({
        states: [squareState(-31.6, 117, 3, 'Western Australia', 'WA')],
        earthquakes: [{ eventId: '1', originTime: '1968-10-14T02:58:51', lat: meckering.lat, lng: meckering.lng, depthKm: 10, magnitudeMw: 6.5, catalogue: 'main' }],
      }),
    );
    // Perth (Z 0.09) is 113 km away, so Z = 0.08; weight (6.5 - 5) x 1 = 1.5; EAD = 0.03 x 2.5 = 0.075 %
    // score = 40 + 30 x log5(0.075 / 0.2) = 40 - 18.3 = 21.7 -> 22
    expect(assessEarthquake(meckering, context, 'high', 2025)).toMatchObject({ score: 22, level: 'Low', hasData: true });
    // Perth CBD: Z 0.09 -> EAD 0.03 x 1.2656 = 0.038 % -> 40 + 30 x log5(0.19) = 9.0 -> 9
    expect(assessEarthquake({ lat: -31.9523, lng: 115.8613 }, context, 'high', 2025).score).toBe(9);
  });
});
