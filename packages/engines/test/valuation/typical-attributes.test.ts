import { describe, expect, it } from 'vitest';
import { buildTypicalAttributesTable, fillFromTypical, typicalAttributesKey, typicalOf, unrecordedFields, type IndexedSale } from '../../src/index.ts';

let nextId = 1;
function sale(fields: Partial<IndexedSale>): IndexedSale {
  return {
    id: nextId++,
    lat: -37.8,
    lng: 145,
    suburb: 'Abbotsford',
    postcode: '3067',
    state: 'VIC',
    propertyType: 'house',
    priceAud: 1_000_000,
    saleDate: '2017-01-01',
    bedrooms: null,
    bathrooms: null,
    carSpaces: null,
    landSizeM2: null,
    buildingSizeM2: null,
    yearBuilt: null,
    ...fields,
  } as IndexedSale;
}

describe('typical attributes', () => {
  it('takes the lower middle count and the middle size, rounded, as the SQL medians did', () => {
    const typical = typicalOf('house', 'VIC', [
      sale({ bedrooms: 2, landSizeM2: 300, yearBuilt: 1900 }),
      sale({ bedrooms: 3, landSizeM2: 401, yearBuilt: 1950 }),
      sale({ bedrooms: 4, landSizeM2: 500, yearBuilt: 1990 }),
      sale({ bedrooms: 5, landSizeM2: 900, yearBuilt: 2000 }),
    ]);
    expect(typical).toMatchObject({ propertyType: 'house', state: 'VIC', sales: 4, bedrooms: 3, landSizeM2: 451, yearBuilt: 1950, bathrooms: null });
  });

  it('leaves a field to the model where fewer than 95% of the market\'s sales of the type record it, however many local ones do', () => {
    // Like NSW houses: the Sydney sales record bedrooms, the Valuer General's (here 1 in 10) do not.
    const sydney = Array.from({ length: 18 }, (_unused, position) => sale({ suburb: 'Bondi', postcode: '2026', state: 'NSW', bedrooms: 3, landSizeM2: position < 2 ? 500 : null }));
    const valuerGeneral = [sale({ suburb: 'Cessnock', postcode: '2325', state: 'NSW', landSizeM2: 700 }), sale({ suburb: 'Cessnock', postcode: '2325', state: 'NSW', landSizeM2: 900 })];
    // Every Melbourne sale records its bedrooms, one in two its land.
    const melbourne = [sale({ bedrooms: 2, landSizeM2: 200 }), sale({ bedrooms: 4 })];
    expect(unrecordedFields([...sydney, ...valuerGeneral, ...melbourne])).toEqual(
      new Map([
        ['NSW|house', ['bedrooms', 'bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2', 'yearBuilt']],
        ['VIC|house', ['bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2', 'yearBuilt']],
      ]),
    );
    const table = buildTypicalAttributesTable([...sydney, ...valuerGeneral, ...melbourne]);
    const bondi = table.get(typicalAttributesKey('Bondi', '2026', 'NSW'))![0]!;
    expect(bondi.bedrooms).toBeNull();
    expect(bondi.unrecordedInMarket).toContain('bedrooms');
    expect(table.get(typicalAttributesKey('Abbotsford', '3067', 'VIC'))![0]).toMatchObject({ bedrooms: 2, landSizeM2: null });
    // 95% exactly is enough.
    expect(unrecordedFields([...Array.from({ length: 19 }, () => sale({ bedrooms: 3 })), sale({})]).get('VIC|house')).not.toContain('bedrooms');
  });

  it('groups market sales by locality, the most sold type first, and leaves out records that are not market sales', () => {
    const table = buildTypicalAttributesTable([
      sale({ propertyType: 'unit', bedrooms: 1 }),
      sale({ propertyType: 'unit', bedrooms: 2 }),
      sale({ propertyType: 'house', bedrooms: 3 }),
      sale({ propertyType: 'house', bedrooms: 9, isMarketSale: false }),
      sale({ suburb: 'Richmond', postcode: '3121', bedrooms: 4 }),
    ]);
    const abbotsford = table.get(typicalAttributesKey('abbotsford', '3067', 'vic'))!;
    expect(abbotsford.map((row) => [row.propertyType, row.sales, row.bedrooms])).toEqual([
      ['unit', 2, 1],
      ['house', 1, 3],
    ]);
    expect(table.get(typicalAttributesKey('Richmond', '3121', 'VIC'))![0]!.bedrooms).toBe(4);
  });

  it('fills the missing fields it has a value for, keeps the given ones, and says which were left to the model and why', () => {
    const typical = typicalOf('house', 'VIC', [sale({ bedrooms: 3, bathrooms: 1, landSizeM2: 600 }), sale({ bedrooms: 3, bathrooms: 2, landSizeM2: 700 })], ['carSpaces', 'yearBuilt']);
    const fill = fillFromTypical({ landSizeM2: 812 }, typical, 'Abbotsford');
    expect(fill.attributes).toEqual({ landSizeM2: 812, bedrooms: 3, bathrooms: 1 });
    expect(fill.filled).toEqual(['bedrooms', 'bathrooms']);
    expect(fill.notes).toEqual([
      'bedrooms: 3 (median of 2 house sales in Abbotsford)',
      'bathrooms: 1 (median of 2 house sales in Abbotsford)',
      'carSpaces, yearBuilt: left to the model (fewer than 95% of VIC house sales record them: the model learned to value without them)',
      'buildingSizeM2: left to the model (none of the 2 house sales in Abbotsford record it)',
    ]);
  });
});
