import { createPrng, type IndexedSale } from '../../src/index.ts';

/**
 * Deterministic synthetic market: houses and units around two suburb centres in Melbourne, prices
 * = 600k * (1.05 per year since 2014) * (1 + 0.15 per bedroom over 3) * (land/500)^0.3 * noise.
 */
export function makeSyntheticSales(count: number, seed = 1): IndexedSale[] {
  const random = createPrng(seed);
  const sales: IndexedSale[] = [];
  for (let id = 1; id <= count; id += 1) {
    const east = random() < 0.5;
    const isUnit = random() < 0.3;
    const year = 2014 + Math.floor(random() * 5);
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    const bedrooms = 1 + Math.floor(random() * 5);
    const land = isUnit ? null : 250 + Math.round(random() * 700);
    const building = 60 + bedrooms * 35 + Math.round(random() * 40);
    const price =
      600_000 * (east ? 1.4 : 1) * (isUnit ? 0.6 : 1) * 1.05 ** (year - 2014 + month / 12) * (1 + 0.15 * (bedrooms - 3)) * ((land ?? 500) / 500) ** 0.3 * Math.exp((random() - 0.5) * 0.2);
    sales.push({
      id,
      lat: -37.8 + (random() - 0.5) * 0.04,
      lng: (east ? 145.1 : 144.9) + (random() - 0.5) * 0.04,
      state: 'VIC',
      suburb: east ? 'Eastville' : 'Westville',
      postcode: east ? '3100' : '3000',
      address: `${id} Test St`,
      propertyType: isUnit ? 'unit' : 'house',
      bedrooms,
      bathrooms: 1 + Math.floor(bedrooms / 2),
      carSpaces: random() < 0.1 ? null : 1,
      landSizeM2: land,
      buildingSizeM2: building,
      yearBuilt: random() < 0.2 ? null : 1950 + Math.floor(random() * 60),
      priceAud: Math.round(price),
      saleDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    });
  }
  return sales;
}
