// Mitigation that makes sense (issue 33, item 5): a measure whose payback runs past its service life
// (or 30 years) says it does not pay for itself instead of quoting "payback 151.9 years", and
// every measure says what it protects against and what its cost assumes.
import { describe, expect, it } from 'vitest';
import { HAZARD_IDS, mitigationItemSchema, reportPaybackText, type HazardAssessment, type HazardId } from '@propguard/schemas';
import { describePayback, mitigationFor } from '../../src/hazards/climate-dashboard.ts';
import { MITIGATION_HORIZON_YEARS, MITIGATION_MEASURES } from '../../src/hazards/reference-tables.ts';

const assessment = (hazard: HazardId, score: number) => ({ hazard, score, level: score >= 70 ? 'High' : score >= 40 ? 'Medium' : 'Low', hasData: true }) as HazardAssessment;

describe('describePayback', () => {
  it('says "does not pay for itself within N years" past the service life or 30 years, never the figure', () => {
    expect(describePayback(151.9, 30)).toEqual({ paysForItself: false, payback: 'Does not pay for itself within 30 years' });
    // a 40-year life is still judged over 30 years at most
    expect(describePayback(35, 40)).toEqual({ paysForItself: false, payback: 'Does not pay for itself within 30 years' });
    expect(describePayback(25, 20)).toEqual({ paysForItself: false, payback: 'Does not pay for itself within 20 years (its assumed service life)' });
    expect(describePayback(Infinity, 25).payback).toBe('Does not pay for itself within 25 years (its assumed service life)');
  });

  it('gives the payback in years when it falls within the service life', () => {
    expect(describePayback(17.9, 20)).toEqual({ paysForItself: true, payback: 'Pays for itself in about 18 years' });
    expect(describePayback(4.75, 30)).toEqual({ paysForItself: true, payback: 'Pays for itself in about 4.8 years' });
    expect(describePayback(30, 30).paysForItself).toBe(true);
    expect(describePayback(null, 30)).toEqual({ paysForItself: null, payback: 'Payback not computed: no property value given' });
  });
});

describe('mitigationFor', () => {
  it('a bushfire score of 30 on a $1,000,000 property: payback 152 years reads "does not pay for itself within 20 years"', () => {
    // building 350,000; EAD at score 30 = 0.117 %/yr = $409; benefit 40 % = $164; cost $25,000 -> 152.4 years > 20-year life
    const item = mitigationFor(assessment('fire', 30), 1_000_000)!;
    expect(item).toMatchObject({ costAud: 25_000, annualBenefitAud: 164, roiYears: 152.4, serviceLifeYears: 20, paysForItself: false, payback: 'Does not pay for itself within 20 years (its assumed service life)' });
    expect(item.payback).not.toMatch(/152/);
  });

  it('a flood score of 70 on a $1,000,000 property: 35.7 years is past the 30-year horizon', () => {
    expect(mitigationFor(assessment('flood', 70), 1_000_000)).toMatchObject({ roiYears: 35.7, paysForItself: false, payback: 'Does not pay for itself within 30 years' });
  });

  it('a cyclone score of 70 on a $1,000,000 property pays for itself in about 8.6 years', () => {
    // EAD 1 % of 350,000 = 3,500; benefit 50 % = 1,750; cost 15,000 -> 8.6 years, within 25
    expect(mitigationFor(assessment('cyclone', 70), 1_000_000)).toMatchObject({ costAud: 15_000, annualBenefitAud: 1_750, roiYears: 8.6, paysForItself: true, payback: 'Pays for itself in about 8.6 years' });
  });

  it('every measure states what it protects against and the assumptions behind its cost, and is schema-valid', () => {
    for (const hazard of HAZARD_IDS) {
      const item = mitigationFor(assessment(hazard, 60), 1_400_000)!;
      expect(mitigationItemSchema.parse(item)).toEqual(item);
      expect(item.protectsAgainst).toBe(MITIGATION_MEASURES[hazard].protectsAgainst);
      expect(item.protectsAgainst.length).toBeGreaterThan(20);
      // building 490,000 -> cost scaled by 1.4
      expect(item.costAssumptions).toContain(`$${Math.round(MITIGATION_MEASURES[hazard].baseCostAud * 1.4).toLocaleString('en-AU')} for ${MITIGATION_MEASURES[hazard].costCovers}`);
      expect(item.costAssumptions).toContain(MITIGATION_MEASURES[hazard].costSource);
      expect(item.costAssumptions).toContain(`last ${MITIGATION_MEASURES[hazard].serviceLifeYears} years`);
      expect(MITIGATION_MEASURES[hazard].serviceLifeYears).toBeLessThanOrEqual(MITIGATION_HORIZON_YEARS);
    }
  });

  it('without a property value the payback is not computed and the cost is the reference cost, not scaled', () => {
    const item = mitigationFor(assessment('flood', 70), null)!;
    expect(item).toMatchObject({ roiYears: null, paysForItself: null, payback: 'Payback not computed: no property value given' });
    expect(item.costAssumptions).toContain('not scaled (no property value given)');
  });
});

describe('reportPaybackText (the report page, its text and its PDF)', () => {
  it("prints the engine's words, and a report issued before them as it was printed", () => {
    expect(reportPaybackText({ payback: 'Does not pay for itself within 30 years', roi_years: 151.9 })).toBe('Does not pay for itself within 30 years');
    expect(reportPaybackText({ roi_years: 12.34 })).toBe('Payback 12.3 years');
    expect(reportPaybackText({ roi_years: null })).toBe('Payback not computed');
  });
});
