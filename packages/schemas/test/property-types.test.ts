import { describe, expect, it } from 'vitest';
import { PROPERTY_TYPES, readPropertyType } from '../src/index.ts';

describe('property-type vocabulary (issue 13.3)', () => {
  it.each([
    ['house', 'house'],
    ['Semi-Detached', 'house'],
    ['duplex', 'house'],
    ['Duplex/Semi-detached', 'house'],
    ['duplex / semi-detached', 'house'],
    ['Terrace', 'house'],
    ['h', 'house'],
    ['townhouse', 'townhouse'],
    ['Town House', 'townhouse'],
    ['villa', 'villa'],
    ['unit', 'unit'],
    ['Apartment', 'unit'],
    ['flat', 'unit'],
    ['studio', 'unit'],
    ['land', 'land'],
    ['vacant land', 'land'],
    ['acreage', 'other'],
    ['rural', 'other'],
    ['warehouse', 'other'],
  ])('reads "%s" as %s', (name, type) => {
    expect(readPropertyType(name)).toBe(type);
  });

  it('knows every model type by its own name, and nothing it was not taught', () => {
    for (const type of PROPERTY_TYPES) expect(readPropertyType(type)).toBe(type);
    expect(readPropertyType('castle')).toBeNull();
    expect(readPropertyType('')).toBeNull();
  });
});
