import { describe, expect, it } from 'vitest';
import { chooseRentQuery, cityOfSales, mostCommon, type MarketSale } from '../../src/index.ts';

function sale(overrides: Partial<MarketSale>): MarketSale {
  return {
    id: 1, address: null, suburb: 'RICHMOND', state: 'VIC', postcode: '3121', propertyType: 'house', bedrooms: 3, bathrooms: 1,
    landSizeM2: null, buildingSizeM2: null, priceAud: 1_000_000, saleDate: '2024-06-01', saleMethod: 'sold', hasRecordedMethod: false, isMarketSale: true,
    ...overrides,
  };
}

describe('market place choices (moved from the server, issue 13.5)', () => {
  it('compares a suburb with the capital of the state most of its sales are in', () => {
    const city = cityOfSales({ kind: 'suburb', suburb: 'RICHMOND', state: null, postcode: null }, [sale({}), sale({ state: 'VIC' }), sale({ state: 'NSW' })]);
    expect(city?.name).toBe('Greater Melbourne');
    expect(city?.location).toMatchObject({ kind: 'city', city: 'MELBOURNE', state: 'VIC', radiusKm: 50 });
  });

  it('has no city index for a city or state search', () => {
    expect(cityOfSales({ kind: 'state', state: 'VIC' }, [sale({})])).toBeNull();
  });

  it('looks rents up for Victorian suburbs only, with the median bedrooms of the last year', () => {
    // Bedrooms of the sales after 2023-06-30: 2, 3, 4 -> median 3; the 2020 sale is older than a year.
    const sales = [sale({ bedrooms: 2, saleDate: '2024-01-10' }), sale({ bedrooms: 3 }), sale({ bedrooms: 4 }), sale({ bedrooms: 9, saleDate: '2020-01-01' })];
    expect(chooseRentQuery({ kind: 'suburb', suburb: 'RICHMOND', state: 'VIC', postcode: '3121' }, sales, '2024-06-30')).toEqual({ suburb: 'RICHMOND', bedrooms: 3 });
    expect(chooseRentQuery({ kind: 'suburb', suburb: 'MANLY', state: 'NSW', postcode: null }, [sale({ state: 'NSW' })], '2024-06-30')).toMatchObject({ found: false });
    expect(chooseRentQuery({ kind: 'state', state: 'VIC' }, sales, '2024-06-30')).toMatchObject({ found: false, reason: expect.stringContaining('suburb group') });
  });

  it('reads a postcode as its most common suburb', () => {
    expect(chooseRentQuery({ kind: 'postcode', postcode: '3121' }, [sale({ suburb: 'Cremorne' }), sale({}), sale({})], '2024-06-30')).toEqual({ suburb: 'RICHMOND', bedrooms: 3 });
    expect(mostCommon([])).toBeNull();
  });
});
