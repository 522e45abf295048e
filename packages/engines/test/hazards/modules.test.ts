import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hazardAssessmentSchema, hazardReportSchema, type HazardAssessment } from '@propguard/schemas';
import { buildHazardContext } from '../../src/hazards/context.ts';
import { assess as assessFlood } from '../../src/hazards/flood.ts';
import { assess as assessFire } from '../../src/hazards/fire.ts';
import { assess as assessSubsidence } from '../../src/hazards/subsidence.ts';
import { assessHazards } from '../../src/hazards/assess-hazards.ts';
import { computeFireRisk } from '../../src/hazards/fire-risk.ts';
import { parseFirmsDetection } from '../../src/hazards/firms.ts';
import { mitigationFor } from '../../src/hazards/climate-dashboard.ts';
import { globalWarmingLevelC } from '../../src/hazards/reference-tables.ts';
import { regionalChange } from '../../src/hazards/projections.ts';
import type { FireDetection } from '../../src/hazards/types.ts';
import { changeRow, emptyHazardData, squareState } from './synthetic-data.ts';

/** One north-south river along lng 150.0 from lat -33.5 to -34.5, in "NSW". */
const riverContext = buildHazardContext(
  emptyHazardData({
    rivers: [{ name: 'Test', kind: 'river', coords: [150.0, -33.5, 150.0, -34.5] }],
    states: [squareState(-34, 150)],
    regionMetrics: [changeRow('RX1D', 'NSW', 1.5, 2.2), changeRow('RX1D', 'NSW', 2.0, 6.0), changeRow('RX1D', 'NSW', 3.0, 14.6)],
  }),
);
/** km per degree of longitude at -34°: 111.32 x cos(34°) = 92.29. */
const KM_PER_DEG_LNG_AT_34 = 111.32 * Math.cos((34 * Math.PI) / 180);

describe('flood-v4 on a synthetic river', () => {
  it('scores 1 km from the river by the proximity curve and the catchment, and projects by RX1D', () => {
    const location = { lat: -34, lng: 150 + 1 / KM_PER_DEG_LNG_AT_34 };
    const now = assessFlood(location, riverContext, 'high', 2025);
    // proximity 60 x (1 - ln 2 / ln 60) = 49.84; the Test River is 1 degree of latitude long
    // (110.6 km): Hack's law A = 2.59 x (110.6 / 2.2526)^(1/0.6) = 1,713 km2, catchment term
    // 5 x (log10 1713 - 3) = +1.17; no altitude, so no height term: 51.01 -> 51 (Medium);
    // 2025 = GWL 1.2 -> no change
    expect(now).toMatchObject({ score: 51, baselineScore: 51, level: 'Medium', hasData: true, method: 'flood-v5' });
    expect(now.factors[0]!.label).toBe('1.0 km from the Test River');
    expect(now.dataNote).toMatch(/^Screening, not a flood study/);
    // 2090 high = GWL 3.6: RX1D +14.6 + (14.6 - 6.0) x 0.6 = +19.76 %;
    // 51.01 + 30 x ln(1.1976) / ln 5 = 51.01 + 3.37 = 54.4 -> 54
    expect(assessFlood(location, riverContext, 'high', 2090).score).toBe(54);
    expect(hazardAssessmentSchema.parse(now)).toEqual(now);
  });

  it('never rises with distance from the river, all else equal', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 40, noNaN: true }), fc.double({ min: 0, max: 40, noNaN: true }), fc.constantFrom('low' as const, 'high' as const), fc.integer({ min: 2025, max: 2100 }), (a, b, scenario, year) => {
        const [near, far] = a <= b ? [a, b] : [b, a];
        const score = (km: number) => assessFlood({ lat: -34, lng: 150 + km / KM_PER_DEG_LNG_AT_34 }, riverContext, scenario, year).score;
        expect(score(far)).toBeLessThanOrEqual(score(near));
      }),
      { numRuns: 200 },
    );
  });

  it('never falls with a later year or the higher scenario', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 25, noNaN: true }), fc.integer({ min: 2025, max: 2100 }), fc.integer({ min: 2025, max: 2100 }), (km, y1, y2) => {
        const location = { lat: -34, lng: 150 + km / KM_PER_DEG_LNG_AT_34 };
        const [early, late] = y1 <= y2 ? [y1, y2] : [y2, y1];
        expect(assessFlood(location, riverContext, 'low', late).score).toBeGreaterThanOrEqual(assessFlood(location, riverContext, 'low', early).score);
        expect(assessFlood(location, riverContext, 'high', early).score).toBeGreaterThanOrEqual(assessFlood(location, riverContext, 'low', early).score);
      }),
      { numRuns: 200 },
    );
  });

  it('says there is no flood data where no river is within 30 km, and invents no score', () => {
    const far = assessFlood({ lat: -34, lng: 150 + 35 / KM_PER_DEG_LNG_AT_34 }, riverContext, 'high', 2050);
    expect(far).toMatchObject({ hasData: false, score: 0, scoreRange: { low: 0, high: 100 } });
    // the synthetic data hold no coastline: flood-v5 says which input is missing
    expect(far.dataNote).toBe('No flood data for this place: the coastline (GSHHG) is not loaded');
  });
});

describe('projections', () => {
  it('credits no projected decrease (envelope) and extrapolates past 3 °C', () => {
    const context = buildHazardContext(emptyHazardData({ regionMetrics: [changeRow('RX1D', 'VIC', 1.5, 2.5), changeRow('RX1D', 'VIC', 2.0, 2.4), changeRow('RX1D', 'VIC', 3.0, 13.5)] }));
    // 2.4 at 2.0 °C is held at the 1.5 °C value 2.5
    expect(regionalChange(context, 'RX1D', 'VIC', 2.0)!.value).toBeCloseTo(2.5, 10);
    // 3.6 °C: 13.5 + (13.5 - 2.5) x 0.6 = 20.1
    expect(regionalChange(context, 'RX1D', 'VIC', globalWarmingLevelC('high', 2090))!).toMatchObject({ isExtrapolated: true });
    expect(regionalChange(context, 'RX1D', 'VIC', 3.6)!.value).toBeCloseTo(20.1, 10);
    expect(regionalChange(context, 'RX1D', 'QLDNorth', 2)).toBeNull();
  });
});

describe('fire-v1', () => {
  it('gives 40 points to a wholly prone suburb and up to 30 to fire activity', () => {
    const suburb = { salCode: '10001', name: 'Testville', stateName: 'New South Wales', polygons: squareState(-34, 150, 0.1).polygons };
    const fires: FireDetection[] = Array.from({ length: 34 }, (_, i) => ({ lat: -34.05, lng: 150.01 + i * 0.001, acquiredAt: '2019-09-01T03:00:00Z', frpMw: 20, confidence: 80 }));
    const context = buildHazardContext(emptyHazardData({ suburbs: [suburb], bushfireProne: [{ salCode: '10001', name: 'Testville', areaKm2: 10, proneShare: 0.83 }], fireDetections: fires }));
    const result = assessFire({ lat: -34, lng: 150 }, context, 'low', 2025);
    // 40 x 0.83 + 0.3 x 51.46 = 33.2 + 15.44 = 48.64 -> 49
    expect(result).toMatchObject({ score: 49, level: 'Medium', hasData: true });
    expect(result.factors.map((f) => f.label)).toContain('34 fire detections within 50 km in Aug-Sep 2019, the closest 5.6 km away');
  });
});

describe('subsidence-v1', () => {
  it('flags the Newcastle mine subsidence district; in Perth reports the district check as a fact and the hazard as No data, not 0 / Low', () => {
    const context = buildHazardContext(emptyHazardData());
    expect(assessSubsidence({ lat: -32.93, lng: 151.75 }, context, 'high', 2025)).toMatchObject({ score: 65, level: 'Medium', hasData: true, method: 'subsidence-v2' });
    const perth = assessSubsidence({ lat: -31.95, lng: 115.86 }, context, 'high', 2025);
    // nothing assessed: no score, the full range (makeAssessment's "no data" shape)
    expect(perth).toMatchObject({ hasData: false, score: 0, scoreRange: { low: 0, high: 100 } });
    expect(perth.dataNote).toMatch(/^No data: soil reactivity is unknown here/);
    expect(perth.dataNote).toMatch(/district check was made: not in a known district/);
    expect(perth.factors).toEqual([expect.objectContaining({ id: 'mine-subsidence-district', effect: 'neutral' })]);
    expect(perth.factors[0]!.label).toMatch(/^Not in a known mine subsidence district \(checked; nearest: /);
    // Adelaide plains (reactive clay region): assessed, 40
    expect(assessSubsidence({ lat: -34.93, lng: 138.6 }, context, 'high', 2025)).toMatchObject({ hasData: true, score: 40 });
  });
});

describe('computeFireRisk', () => {
  it('follows the documented formula', () => {
    // n = 34 within 50 km, closest 12 km, total FRP 900 MW:
    // 100 x (0.5 x log10(35)/log10(201) + 0.3 x (1 - 12/50) + 0.2 x log10(901)/log10(10001))
    // = 100 x (0.5 x 0.6707 + 0.3 x 0.76 + 0.2 x 0.7387) = 100 x (0.3354 + 0.228 + 0.1477) = 71.1 -> 71
    const kmPerDegLat = 110.574;
    const detections: FireDetection[] = Array.from({ length: 34 }, (_, i) => ({ lat: -33 - (12 + i * 0.5) / kmPerDegLat, lng: 151, acquiredAt: `2026-11-2${i % 3}T01:00:00Z`, frpMw: 900 / 34, confidence: 90 }));
    detections.push({ lat: -33.01, lng: 151, acquiredAt: '2026-11-22T00:00:00Z', frpMw: 500, confidence: 20 });
    const risk = computeFireRisk(detections, { lat: -33, lng: 151 }, 50, { dataSource: 'firms-live', queriedAt: '2026-11-23T01:00:00Z', period: { from: '2026-11-20', to: '2026-11-23' } });
    expect(risk).toMatchObject({ riskScore: 71, riskLevel: 'High', nearbyFires: 34, totalFRP: 900, dataSource: 'firms-live', lastUpdated: '2026-11-23T01:00:00Z', method: 'fire-risk-v1' });
    // 12 km on the flat-earth degree length above; the great-circle distance reads 12.1 km
    expect(risk.closestFireDistance).toBeCloseTo(12, 0);
  });

  it('is zero with no detections', () => {
    expect(computeFireRisk([], { lat: -33, lng: 151 }, 50, { dataSource: 'archive', period: { from: '2019-08-01', to: '2019-09-30' } })).toMatchObject({ riskScore: 0, riskLevel: 'Low', nearbyFires: 0, closestFireDistance: null, totalFRP: 0, lastUpdated: '2019-09-30' });
  });
});

describe('mitigation rule', () => {
  const flood70 = { hazard: 'flood', score: 70, level: 'High', hasData: true } as HazardAssessment;
  it('costs and benefits scale with the property value', () => {
    // building = 0.35 x 1,000,000 = 350,000; EAD 1 % = 3,500/yr; benefit 40 % = 1,400; cost 50,000 x 1
    expect(mitigationFor(flood70, 1_000_000)).toMatchObject({ hazard: 'flood', priority: 'High', costAud: 50_000, annualBenefitAud: 1_400, roiYears: 35.7 });
    // building 700,000 -> cost x 2 = 100,000; benefit 2,800; ROI 35.7
    expect(mitigationFor(flood70, 2_000_000)).toMatchObject({ costAud: 100_000, annualBenefitAud: 2_800, roiYears: 35.7 });
  });
  it('leaves the benefit uncomputed without a property value, and skips low scores', () => {
    expect(mitigationFor(flood70, null)).toMatchObject({ costAud: 50_000, annualBenefitAud: 0, roiYears: null });
    expect(mitigationFor({ ...flood70, score: 12 }, 1_000_000)).toBeNull();
  });
});

describe('assessHazards', () => {
  it('returns six schema-valid assessments and an overall score', () => {
    const report = assessHazards({ lat: -34, lng: 150.01 }, riverContext, 'high', 2050);
    expect(hazardReportSchema.parse(report)).toEqual(report);
    expect(report.assessments.map((a) => a.hazard)).toEqual(['flood', 'fire', 'coastal', 'subsidence', 'cyclone', 'earthquake']);
    expect(report.region).toEqual({ id: 'NSW', name: 'NSW' });
  });
});

describe('parseFirmsDetection', () => {
  it('reads archive MODIS rows and live VIIRS rows alike', () => {
    expect(parseFirmsDetection({ latitude: '-33.1', longitude: '150.2', acq_date: '2019-09-06', acq_time: '335', frp: '12.5', confidence: '78', type: '0' })).toEqual({
      lat: -33.1,
      lng: 150.2,
      acquiredAt: '2019-09-06T03:35:00Z',
      frpMw: 12.5,
      confidence: 78,
    });
    expect(parseFirmsDetection({ latitude: '-33.1', longitude: '150.2', acq_date: '2026-11-22', acq_time: '1405', frp: '3.1', confidence: 'n' })).toMatchObject({ acquiredAt: '2026-11-22T14:05:00Z', confidence: 50 });
    expect(parseFirmsDetection({ latitude: '-33.1', longitude: '150.2', acq_date: '2026-11-22', acq_time: '1405', frp: '', confidence: 'l' })).toMatchObject({ frpMw: 0, confidence: 0 });
    // type 2 = static land source (e.g. a smelter), dropped; a bad date is dropped
    expect(parseFirmsDetection({ latitude: '-33.1', longitude: '150.2', acq_date: '2019-09-06', acq_time: '0335', frp: '12.5', confidence: '78', type: '2' })).toBeNull();
    expect(parseFirmsDetection({ latitude: '-33.1', longitude: '150.2', acq_date: '06/09/2019', acq_time: '0335', frp: '1', confidence: '78' })).toBeNull();
  });
});
