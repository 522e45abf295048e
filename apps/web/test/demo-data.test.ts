import { describe, expect, it } from 'vitest';
import { DEMO_PROPERTIES, findDemoProperty, toDemoValuationResult } from '../src/features/demo-data/index.ts';

describe('DEMO_PROPERTIES', () => {
  it('holds prop_001 to prop_008, one per capital city', () => {
    expect(DEMO_PROPERTIES.map((property) => property.id)).toEqual(['prop_001', 'prop_002', 'prop_003', 'prop_004', 'prop_005', 'prop_006', 'prop_007', 'prop_008']);
    expect(DEMO_PROPERTIES.map((property) => property.city)).toEqual(['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide', 'Canberra', 'Hobart', 'Darwin']);
    for (const property of DEMO_PROPERTIES) {
      expect(property.valuationRange.min).toBeLessThan(property.valuation);
      expect(property.valuationRange.max).toBeGreaterThan(property.valuation);
    }
  });
});

describe('findDemoProperty (SPEC.md section 5)', () => {
  it('matches a substring of a sample address, case-insensitively', () => {
    expect(findDemoProperty('collins street')).toMatchObject({ property: { id: 'prop_002' }, match: 'address' });
    expect(findDemoProperty('123 COLLINS STREET')).toMatchObject({ property: { id: 'prop_002' }, match: 'address' });
  });

  it('matches when the typed address contains a sample address', () => {
    expect(findDemoProperty('Unit 4, 123 Collins Street, Melbourne VIC 3000, Australia').property.id).toBe('prop_002');
  });

  it('ignores punctuation differences', () => {
    expect(findDemoProperty('123 Collins Street Melbourne').property.id).toBe('prop_002');
  });

  it('falls back to the sample sharing the most words, the city included', () => {
    expect(findDemoProperty('1 Hay Street, Perth')).toMatchObject({ property: { id: 'prop_004' }, match: 'partial' });
    expect(findDemoProperty('Larrakeyah, Darwin')).toMatchObject({ property: { id: 'prop_008' }, match: 'partial' });
  });

  it('otherwise picks one sample, the same one every time for the same address', () => {
    const first = findDemoProperty('zzz qqq');
    expect(first.match).toBe('fallback');
    expect(findDemoProperty('zzz qqq').property.id).toBe(first.property.id);
    expect(findDemoProperty('').match).toBe('fallback');
  });
});

describe('toDemoValuationResult', () => {
  it('is labelled demo, splits 60/35/5 and ends the timeline at the current figures (SPEC.md section 3)', () => {
    const melbourne = DEMO_PROPERTIES[1];
    if (!melbourne) throw new Error('missing sample');
    const result = toDemoValuationResult(melbourne);
    expect(result.dataSource).toBe('demo');
    expect(result.breakdown).toMatchObject({ landAud: 7_500_000, buildingAud: 4_375_000, intangibleAud: 625_000 });
    expect(result.timeline.map((point) => point.confidence)).toEqual([82, 85, 88, 84]);
    expect(result.timeline.map((point) => point.valuationAud)).toEqual([11_500_000, 11_875_000, 12_250_000, 12_500_000]);
    expect(result.property.attributes.bedrooms).toBeUndefined();
    expect(result.property).toMatchObject({ suburb: 'Melbourne', state: 'VIC', postcode: '3000' });
  });
});
