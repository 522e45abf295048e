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

describe('cyclone-v2', () => {
  it('adds 100 points per damaging-wind storm a year (at most 20) to the wind region score', () => {
    const townsville = { lat: -19.26, lng: 146.82 };
    const kmPerDegLat = 110.574;
    // Tracks run east-west; `km` is how far south of Townsville the track passes.
    const track = (stormId: string, km: number, windKt: number | null, time = '2011-02-02T12:00:00Z') => {
      const lat = townsville.lat - km / kmPerDegLat;
      const later = new Date(Date.parse(time) + 6 * 3_600_000).toISOString().replace('.000', '');
      return [
        { stormId, name: '', season: 2011, isoTime: time, lat, lng: townsville.lng + 1.5, windKt, pressureHpa: null },
        { stormId, name: '', season: 2011, isoTime: later, lat, lng: townsville.lng - 1.5, windKt, pressureHpa: null },
      ];
    };
    const context = buildHazardContext(
      emptyHazardData({
        coastline: [{ name: null, kind: 'ocean shoreline', coords: [146.83, -19.0, 146.83, -19.5] }],
        states: [squareState(-19.26, 146.82, 3, 'Queensland', 'QLD')],
        cycloneFixes: [
          ...track('SP-2011-1', 50, 110), // passes 50 km away between its fixes (the fixes are 150 km off): counted
          ...track('SI-2011-9', 55, 105), // the same storm in the other basin file, same hours: counted once
          ...track('SP-2011-2', 90, 60, '2011-03-01T00:00:00Z'), // 60 kt at 90 km: counted
          ...track('SP-2011-3', 30, 45, '2011-03-05T00:00:00Z'), // 45 kt: below damaging
          ...track('SP-2011-4', 140, 120, '2011-03-09T00:00:00Z'), // beyond 100 km
        ],
      }),
    );
    const result = assessCyclone(townsville, context, 'high', 2050);
    // region C (60) + 100 x 2 storms / 38 seasons = 60 + 5.26 = 65.3 -> 65
    expect(result).toMatchObject({ score: 65, baselineScore: 65, level: 'Medium', method: 'cyclone-v2' });
    expect(result.factors[1]!.label).toBe('Damaging winds (a cyclone of 55 kt or more within 100 km) about once in 19.0 years: 2 storms in 38 seasons 1981-2019 (strongest: season 2011, 110 kt at 50 km)');
    expect(assessCyclone(townsville, context, 'low', 2025).score).toBe(65);
    expect(result.dataUsed.map((d) => d.id)).toEqual(['gshhg-coast-rivers-australia', 'cyclone-tracks-jtwc-1981-2019']);
  });
});

describe('earthquake-v3', () => {
  const meckering = { lat: -31.6294, lng: 117.01 };
  const quake = (eventId: string, year: number, magnitudeMw: number, km: number) => ({ eventId, originTime: `${year}-06-01T00:00:00Z`, lat: meckering.lat - km / 110.574, lng: meckering.lng, depthKm: 10, magnitudeMw, catalogue: 'NSHA18 declustered' });
  const context = buildHazardContext(
    emptyHazardData({
      states: [squareState(-31.6, 117, 3, 'Western Australia', 'WA')],
      earthquakes: [
        ...Array.from({ length: 16 }, (_, i) => quake(`s${i}`, 1975 + i, 3.5 + (i % 10) / 10, 5 + i * 5)), // 16 of Mw 3.5-4.4 since 1970
        quake('m1968', 1968, 6.5, 0), // Meckering 1968
        quake('m1979', 1979, 6.1, 90),
        quake('old', 1900, 5.5, 20), // before 1910: outside the complete period
        quake('small-old', 1960, 4.0, 10), // Mw < 5 before 1970: outside
        quake('far', 1990, 6.0, 150), // beyond 100 km
      ],
    }),
  );

  it('estimates a Gutenberg-Richter rate in 100 km and the recorded shaking above the AS 1170.4 floor (Meckering example)', () => {
    // n_A = 16, n_B = 2: rate5 = 18 / ((10^1.5 - 1) x 47.5 + 107.5) = 18 / (30.623 x 47.5 + 107.5)
    // = 18 / 1562.1 = 0.011523/yr; rate term 0.03 x (0.011523 / 0.005)^(2/3) = 0.03 x 1.7443 = 0.05233 %
    // (earthquake-v2's answer: 15). earthquake-v3, recorded shaking: the Mw 6.5 at 0 km, 10 km deep:
    // R_M = -0.209 + 2.042 e^1.5 = 8.942; MMI = 2.085 + 1.428 x 6.5 - 1.402 ln(sqrt(100 + 79.96)) = 7.727;
    // PGA = 10^((7.727 + 1.6) / 3.7) = 331.7 cm/s2 = 0.338 g; Z_rec = 0.338 x 0.2^(1/3) = 0.198;
    // EAD = 0.03 x (0.198 / 0.08)^2 = 0.183 %; score = 40 + 30 log5(0.183 / 0.2) = 38.4 -> 38
    const result = assessEarthquake(meckering, context, 'high', 2025);
    expect(result).toMatchObject({ score: 38, level: 'Low', hasData: true, method: 'earthquake-v3' });
    expect(result.factors.map((f) => f.id)).toEqual(['hazard-factor', 'quake-rate', 'recorded-shaking', 'historical-earthquake']);
    expect(result.factors[2]!.label).toBe(
      'Strongest recorded shaking: intensity 7.7 (about 0.34 g) from the Mw 6.5 earthquake of 1968, 0.0 km away; read as the 2,500-year motion, a 500-year motion of 0.20 g: decides',
    );
    expect(result.factors[1]!.label).toMatch(/^Mw 5 or more within 100 km about once in 87 years \(44% in 50 years\), from 16 mainshocks of Mw 3.5-5 since 1970 and 2 of Mw 5\+ since 1910/);
    expect(result.factors[3]!.label).toMatch(/^Mw 6.5 earthquake in 1968, 0.0 km away/);
  });

  it('keeps the AS 1170.4 floor where the catalogue is quiet (Perth CBD)', () => {
    // Perth CBD: none of the synthetic events is within 100 km (Meckering is 113 km away): rate 0;
    // Meckering's shaking there, MMI 4.8 (0.054 g, Z_rec 0.032), is below the floor;
    // Z 0.09 -> EAD 0.03 x 1.2656 = 0.038 % -> 40 + 30 x log5(0.19) = 9.0 -> 9
    const perth = assessEarthquake({ lat: -31.9523, lng: 115.8613 }, context, 'high', 2025);
    expect(perth.score).toBe(9);
    expect(perth.factors[0]!.label).toMatch(/: the floor decides$/);
  });
});
