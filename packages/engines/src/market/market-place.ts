/**
 * The market engine's choices about a place: which capital city a suburb's index is compared
 * with, and which suburb and bedroom count its rents are looked up for. Pure: the server loads the
 * sales and the rent table and passes them in.
 */
import { CAPITAL_CITIES, CITY_RADIUS_KM, type SearchLocation } from '../realty/parse-search-location.ts';
import type { RentLookup } from './investment-metrics.ts';
import { medianOf, yearBefore, type MarketSale } from './types.ts';

/** The group a sale's price index is fitted in: its suburb and postcode. */
export function marketGroupOf(sale: MarketSale): string {
  return `${sale.suburb.toUpperCase()}|${sale.postcode ?? ''}`;
}

/** The most frequent value (the first seen wins a tie); null for an empty list. */
export function mostCommon(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The capital city whose index a suburb is compared with: the capital of the state most of its
 * sales are in. Null for a city or state search (they are the index) and for sales with no state.
 * @example cityOfSales(richmondVicSales) // { name: 'Greater Melbourne', location: { kind: 'city', city: 'MELBOURNE', ... } }
 */
export function cityOfSales(location: SearchLocation, sales: readonly MarketSale[]): { name: string; location: SearchLocation } | null {
  if (location.kind === 'city' || location.kind === 'state') return null;
  const state = mostCommon(sales.map((sale) => sale.state ?? ''));
  const entry = Object.entries(CAPITAL_CITIES).find(([, city]) => city.state === state);
  if (!entry) return null;
  const [name, city] = entry;
  return { name: `Greater ${name.charAt(0)}${name.slice(1).toLowerCase()}`, location: { kind: 'city', city: name, ...city, radiusKm: CITY_RADIUS_KM } };
}

/**
 * What to look the rent up for: the suburb (typed, or the most common among a postcode's sales)
 * and the median bedroom count of the last year's sales; or why rents do not apply. Our rent data
 * are the Victorian DFFH Rental Report, published by suburb group.
 */
export function chooseRentQuery(location: SearchLocation, sales: readonly MarketSale[], asAt: string): { suburb: string; bedrooms: number | null } | Extract<RentLookup, { found: false }> {
  if (location.kind !== 'suburb' && location.kind !== 'postcode') return { found: false, reason: 'Rents are published by suburb group: choose a suburb to see yields' };
  const state = mostCommon(sales.map((sale) => sale.state ?? ''));
  if (state !== 'VIC') return { found: false, reason: 'No rent data for this state: our rent data are the Victorian DFFH Rental Report' };
  const suburb = location.kind === 'suburb' ? location.suburb : mostCommon(sales.map((sale) => sale.suburb.toUpperCase()));
  if (!suburb) return { found: false, reason: 'No suburb to look up rents for' };
  const recentBedrooms = sales.filter((sale) => sale.bedrooms !== null && sale.saleDate > yearBefore(asAt)).map((sale) => sale.bedrooms!);
  return { suburb, bedrooms: recentBedrooms.length > 0 ? Math.round(medianOf(recentBedrooms)) : null };
}
