import { describe, expect, it } from 'vitest';
import { damageBandFor, eadPctForScore, globalWarmingLevelC, scaleScoreByDamageRatio, scoreForEadPct } from '../../src/hazards/reference-tables.ts';
import { overallScore } from '../../src/hazards/assess-hazards.ts';
import { riverProximityScore } from '../../src/hazards/flood.ts';
import { fireActivityScore } from '../../src/hazards/fire.ts';
import { erosionScore, inundationScore, openCoastExposure } from '../../src/hazards/coastal.ts';
import { cycloneTrackPoints, windRegionFor } from '../../src/hazards/cyclone.ts';
import { damagingQuakeRatePerYear, earthquakeEadPct, intensityAt, pgaForIntensity, recordedShakingFactorZ } from '../../src/hazards/earthquake.ts';

describe('score <-> expected annual damage', () => {
  it('puts Medium (40) at 0.2 %/yr and High (70) at 1 %/yr, a factor 5 per 30 points', () => {
    expect(eadPctForScore(40)).toBeCloseTo(0.2, 10);
    expect(eadPctForScore(70)).toBeCloseTo(1, 10);
    // 0.2 x 5^((100 - 40) / 30) = 0.2 x 25 = 5
    expect(eadPctForScore(100)).toBeCloseTo(5, 10);
    // 0.2 x 5^(-1) = 0.04
    expect(eadPctForScore(10)).toBeCloseTo(0.04, 10);
    expect(eadPctForScore(0)).toBe(0);
  });

  it('inverts exactly', () => {
    for (const score of [1, 17, 40, 55, 70, 99]) expect(scoreForEadPct(eadPctForScore(score))).toBeCloseTo(score, 9);
  });

  it('gives each decile one band shared by all hazards', () => {
    // score 72 -> band 70-80: 1 % to 0.2 x 5^(40/30) = 1.71 %
    expect(damageBandFor(72)).toEqual({ label: "1.0% to 1.7% of the building's replacement cost a year", minPctPerYear: 1, maxPctPerYear: 1.71 });
    expect(damageBandFor(100)).toEqual(damageBandFor(90));
    expect(damageBandFor(3).minPctPerYear).toBe(0);
  });

  it('scales a score by a damage ratio in EAD space', () => {
    // 40 -> 0.2 %; x 5 -> 1 % -> 70
    expect(scaleScoreByDamageRatio(40, 5)).toBeCloseTo(70, 9);
    // 70 x 1.146 (RX1D +14.6 %): 70 + 30 x ln(1.146)/ln(5) = 70 + 2.54
    expect(scaleScoreByDamageRatio(70, 1.146)).toBeCloseTo(72.54, 2);
    expect(scaleScoreByDamageRatio(0, 100)).toBe(0);
    expect(scaleScoreByDamageRatio(90, 100)).toBe(100);
  });

  it('adds the damages of hazards for the overall score', () => {
    // 1 % + 0.2 % = 1.2 % -> 40 + 30 x log5(6) = 40 + 33.4 = 73.4 -> 73
    expect(overallScore([{ score: 70, hasData: true }, { score: 40, hasData: true }, { score: 0, hasData: true }])).toBe(73);
    // a hazard without data adds nothing
    expect(overallScore([{ score: 70, hasData: true }, { score: 0, hasData: false }])).toBe(70);
  });
});

describe('global warming level (IPCC AR6 Table SPM.1)', () => {
  it('reads the table at the period mid-years and interpolates between', () => {
    expect(globalWarmingLevelC('low', 2025)).toBe(1.2);
    expect(globalWarmingLevelC('high', 2030)).toBe(1.5);
    expect(globalWarmingLevelC('low', 2050)).toBe(1.7);
    expect(globalWarmingLevelC('high', 2050)).toBe(2.1);
    expect(globalWarmingLevelC('high', 2090)).toBe(3.6);
    // halfway between 2050 (2.1) and 2090 (3.6): 2.85
    expect(globalWarmingLevelC('high', 2070)).toBe(2.85);
    expect(globalWarmingLevelC('high', 2100)).toBe(3.6);
  });
});

describe('hazard curves (worked examples)', () => {
  it('flood: river proximity', () => {
    expect(riverProximityScore(0.2)).toBe(60);
    // 60 x (1 - ln(1 / 0.5) / ln(60)) = 60 x (1 - 0.6931 / 4.0943) = 49.84
    expect(riverProximityScore(1)).toBeCloseTo(49.84, 2);
    // 60 x (1 - ln 20 / ln 60) = 60 x (1 - 2.9957 / 4.0943) = 16.10
    expect(riverProximityScore(10)).toBeCloseTo(16.1, 2);
    expect(riverProximityScore(30)).toBe(0);
  });

  it('fire: detections are log-scaled and saturate at 1,000', () => {
    // 100 x log10(35) / log10(1001) = 100 x 1.5441 / 3.0004 = 51.46
    expect(fireActivityScore(34)).toBeCloseTo(51.46, 2);
    expect(fireActivityScore(0)).toBe(0);
    expect(fireActivityScore(5000)).toBe(100);
  });

  it('coastal: Bruun recession and the storm-tide margin', () => {
    // de = 0.5 - 0.1 x 0.6 = 0.44 km; 80 x (1 - ln 4.4 / ln 20) = 80 x (1 - 1.4816 / 2.9957) = 40.43
    expect(erosionScore(0.5, 0.6)).toBeCloseTo(40.43, 2);
    expect(erosionScore(0.05, 0)).toBe(80);
    expect(erosionScore(2.5, 0)).toBe(0);
    // margin = 6.2 - (1.4 + 0.075) = 4.725 m; 90 x (1 - 0.4725) = 47.475
    expect(inundationScore(6.2, 1.4, 0.075)).toBeCloseTo(47.475, 6);
    expect(inundationScore(1, 1.4, 0)).toBe(90);
    expect(openCoastExposure(9.8)).toBeCloseTo(0.04, 10);
    expect(openCoastExposure(2)).toBe(1);
  });

  it('cyclone: AS/NZS 1170.2 regions by latitude and distance from the coast', () => {
    expect(windRegionFor(-19.26, 146.82, 1)).toBe('C'); // Townsville
    expect(windRegionFor(-21.93, 114.12, 1)).toBe('D'); // Exmouth
    expect(windRegionFor(-20.9, 117.0, 80)).toBe('C'); // Pilbara, 50-100 km inland
    expect(windRegionFor(-27.47, 153.03, 15)).toBe('B'); // Brisbane
    expect(windRegionFor(-37.81, 144.96, 5)).toBe('A'); // Melbourne
    expect(windRegionFor(-23.7, 133.88, null)).toBe('A'); // Alice Springs
  });

  it('earthquake-v3: recorded shaking by Allen, Wald and Worden (2012) and Worden et al. (2012), read as the 2,500-year motion', () => {
    // Meckering 1968, Mw 6.58 at 10 km depth: R_M = -0.209 + 2.042 e^1.58 = 9.71; 2.085 + 9.396 - 1.402 ln(13.94) = 7.79
    expect(intensityAt(6.58, 10)).toBeCloseTo(7.79, 2);
    // beyond 50 km the far term adds 0.078 ln(r / 50); intensity falls with distance and rises with magnitude
    expect(intensityAt(5, 100)).toBeCloseTo(2.085 + 7.14 - 1.402 * Math.log(Math.sqrt(100 ** 2 + 1.833 ** 2)) + 0.078 * Math.log(2), 2);
    expect(intensityAt(6, 20)).toBeGreaterThan(intensityAt(6, 40));
    expect(intensityAt(6.5, 20)).toBeGreaterThan(intensityAt(6, 20));
    // MMI 7.79 -> 10^((7.79 + 1.6) / 3.7) = 345 cm/s2 = 0.35 g; the 500-year motion 0.35 x 0.2^(1/3) = 0.205 g
    expect(pgaForIntensity(7.79)).toBeCloseTo(0.3515, 3);
    expect(recordedShakingFactorZ(0.35)).toBeCloseTo(0.2047, 4);
    // the recorded term enters like Z: 0.03 x (0.205 / 0.08)^2 = 0.197 %
    expect(earthquakeEadPct(0.08, 0, 0.205)).toBeCloseTo(0.197, 3);
    expect(earthquakeEadPct(0.11, 0, 0.05)).toBeCloseTo(0.05672, 5);
  });

  it('earthquake: Gutenberg-Richter rate (Weichert, fixed b) and the hazard-factor floor', () => {
    // Canberra's counts: 26 / ((10^1.5 - 1) x 47.5 + 107.5) = 26 / 1562.1 = 0.016644
    expect(damagingQuakeRatePerYear(26, 0)).toBeCloseTo(0.016644, 5);
    expect(damagingQuakeRatePerYear(0, 0)).toBe(0);
    // floor: 0.03 x (0.11 / 0.08)^2 = 0.03 x 1.890625 = 0.05672 (a quiet catalogue changes nothing)
    expect(earthquakeEadPct(0.11, 0)).toBeCloseTo(0.05672, 5);
    expect(earthquakeEadPct(0.11, 0.001)).toBeCloseTo(0.05672, 5);
    // catalogue: 0.03 x (0.04 / 0.005)^(2/3) = 0.03 x 4 = 0.12
    expect(earthquakeEadPct(0.08, 0.04)).toBeCloseTo(0.12, 10);
    // never lower for a higher rate
    expect(earthquakeEadPct(0.08, 0.02)).toBeLessThan(earthquakeEadPct(0.08, 0.03));
  });

  it('cyclone: points for the rate of damaging-wind storms', () => {
    // 4 storms in 38 seasons: 100 x 0.10526 = 10.5; capped at 20
    expect(cycloneTrackPoints(4 / 38)).toBeCloseTo(10.526, 3);
    expect(cycloneTrackPoints(10 / 38)).toBe(20);
    expect(cycloneTrackPoints(0)).toBe(0);
  });
});
