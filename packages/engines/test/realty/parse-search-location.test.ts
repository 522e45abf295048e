import { describe, expect, it } from 'vitest';
import { parseSearchLocation } from '../../src/realty/parse-search-location.ts';

describe('parseSearchLocation', () => {
  it('reads a suburb with its state and postcode, in any punctuation and case', () => {
    expect(parseSearchLocation('Richmond, VIC 3121')).toEqual({ kind: 'suburb', suburb: 'RICHMOND', state: 'VIC', postcode: '3121' });
    expect(parseSearchLocation('  box hill  ')).toEqual({ kind: 'suburb', suburb: 'BOX HILL', state: null, postcode: null });
    expect(parseSearchLocation('Sydney NSW 2000')).toEqual({ kind: 'suburb', suburb: 'SYDNEY', state: 'NSW', postcode: '2000' });
  });

  it('keeps a suburb\'s words as written: "Banksia Grove" and "Avondale Heights" are suburbs, not streets', () => {
    expect(parseSearchLocation('Banksia Grove')).toEqual({ kind: 'suburb', suburb: 'BANKSIA GROVE', state: null, postcode: null });
    expect(parseSearchLocation('Avondale Heights VIC')).toEqual({ kind: 'suburb', suburb: 'AVONDALE HEIGHTS', state: 'VIC', postcode: null });
  });

  it('reads postcodes and states by code or name', () => {
    expect(parseSearchLocation('3067')).toEqual({ kind: 'postcode', postcode: '3067' });
    expect(parseSearchLocation('wa')).toEqual({ kind: 'state', state: 'WA' });
    expect(parseSearchLocation('New South Wales')).toEqual({ kind: 'state', state: 'NSW' });
  });

  it('reads a bare capital city name as the city, 50 km around its centre', () => {
    expect(parseSearchLocation('Perth')).toMatchObject({ kind: 'city', city: 'PERTH', state: 'WA', radiusKm: 50 });
    expect(parseSearchLocation('Greater Melbourne')).toMatchObject({ kind: 'city', city: 'MELBOURNE', state: 'VIC' });
  });

  it('reads text starting with a street number as an address to search for', () => {
    expect(parseSearchLocation('85 Turner St')).toEqual({ kind: 'text', text: '85 TURNER ST' });
  });
});
