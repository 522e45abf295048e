import { describe, expect, it } from 'vitest';
import { describeAttributeBasis } from '../../src/valuation/attribute-basis.ts';

describe('describeAttributeBasis (issue 34: cards say when an estimate rests on assumed attributes)', () => {
  it('says nothing when no attribute came from the suburb', () => {
    expect(describeAttributeBasis('house', [])).toBeNull();
  });

  it('names a typical property when its type or every dwelling attribute was assumed', () => {
    expect(describeAttributeBasis('unit', ['bedrooms', 'bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2', 'yearBuilt'])).toBe('Typical unit in this suburb: attributes not in the data');
    expect(describeAttributeBasis('house', ['propertyType', 'yearBuilt'])).toBe('Typical house in this suburb: attributes not in the data');
    expect(describeAttributeBasis(undefined, ['propertyType'])).toBe('Typical property in this suburb: attributes not in the data');
  });

  it('lists the attributes when only some were assumed', () => {
    expect(describeAttributeBasis('house', ['yearBuilt'])).toBe("The suburb's typical year built for a house: not in the data");
    expect(describeAttributeBasis('unit', ['buildingSizeM2', 'yearBuilt'])).toBe("The suburb's typical building size and year built for a unit: not in the data");
  });

  it('names the rooms left to the model (nothing tells such units of one building apart), not the sizes or year most records lack', () => {
    expect(describeAttributeBasis('unit', [], ['bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2', 'yearBuilt'])).toBe('Valued without bathrooms and car spaces for this unit: not in the data');
    expect(describeAttributeBasis('house', ['bedrooms'], ['carSpaces'])).toBe("The suburb's typical bedrooms for a house, valued without car spaces: not in the data");
    expect(describeAttributeBasis('house', [], ['buildingSizeM2', 'yearBuilt'])).toBeNull();
  });
});
