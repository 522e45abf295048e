import { describe, expect, it } from 'vitest';
import { sanitiseGivenAttributes } from '../../src/valuation/given-attributes.ts';

const AS_AT = { valuationDate: '2018-03-17' };

describe('sanitiseGivenAttributes: a value unknown in practice is treated as not given (issue 31, item 6)', () => {
  it('land 0 for a unit: not given, and said so', () => {
    expect(sanitiseGivenAttributes({ landSizeM2: 0, bedrooms: 2 }, { ...AS_AT, propertyType: 'unit' })).toEqual({
      attributes: { bedrooms: 2 },
      notes: ['landSizeM2: 0 m² given for a unit, treated as not given (a unit has no lot of its own)'],
    });
    expect(sanitiseGivenAttributes({ landSizeM2: 0 }, { ...AS_AT, propertyType: 'house' }).notes).toEqual(['landSizeM2: 0 m² given, treated as not given (0 is how listings write a lot that is not known)']);
  });

  it('building size 0, or smaller than a studio, or larger than any dwelling: not given', () => {
    expect(sanitiseGivenAttributes({ buildingSizeM2: 0 }, AS_AT)).toEqual({ attributes: {}, notes: ['buildingSizeM2: 0 m² given, treated as not given (0 is how listings write a floor area that is not known)'] });
    expect(sanitiseGivenAttributes({ buildingSizeM2: 4 }, AS_AT).attributes).toEqual({});
    expect(sanitiseGivenAttributes({ buildingSizeM2: 44_515 }, AS_AT).notes[0]).toMatch(/^buildingSizeM2: 44,515 m² given, treated as not given \(larger than any dwelling/);
  });

  it('a year built after the valuation date (beyond a year off the plan), 0 or before 1800: not given', () => {
    expect(sanitiseGivenAttributes({ yearBuilt: 2030 }, AS_AT)).toEqual({
      attributes: {},
      notes: ['yearBuilt: 2030 given, treated as not given (after the valuation date, 2018-03-17, by more than the year a dwelling sold off the plan may take to finish)'],
    });
    expect(sanitiseGivenAttributes({ yearBuilt: 2019 }, AS_AT)).toEqual({ attributes: { yearBuilt: 2019 }, notes: [] });
    expect(sanitiseGivenAttributes({ yearBuilt: 0 }, AS_AT).attributes).toEqual({});
    expect(sanitiseGivenAttributes({ yearBuilt: 1196 }, AS_AT).notes).toEqual(['yearBuilt: 1196 given, treated as not given (before 1800)']);
  });

  it('an implausible land area or room count: not given', () => {
    expect(sanitiseGivenAttributes({ landSizeM2: 999_999 }, AS_AT).notes[0]).toMatch(/^landSizeM2: 999,999 m² given, treated as not given \(more than 100,000 m² \(10 ha\)/);
    expect(sanitiseGivenAttributes({ bedrooms: 45, bathrooms: 2 }, AS_AT)).toEqual({ attributes: { bathrooms: 2 }, notes: ['bedrooms: 45 given, treated as not given (more than 20 is a whole building rather than a dwelling)'] });
  });

  it('keeps every plausible value as given', () => {
    const given = { bedrooms: 3, bathrooms: 2, carSpaces: 1, landSizeM2: 126, buildingSizeM2: 120, yearBuilt: 1910 };
    expect(sanitiseGivenAttributes(given, { ...AS_AT, propertyType: 'house' })).toEqual({ attributes: given, notes: [] });
  });
});
