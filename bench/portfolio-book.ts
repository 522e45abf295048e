/**
 * A synthetic loan book built from our real sales (issue 15's benchmark and tests): each loan is a
 * real sold property (its address, place and attributes as recorded), with a loan amount of a
 * seeded random LVR (50-97%) of its sale price, a purpose, a repayment type, a rate and a term.
 * The same seed gives the same book.
 */
import type { Database } from '@propguard/db';
import { createPrng } from '@propguard/engines';
import { PORTFOLIO_INPUT_COLUMNS } from '@propguard/schemas';

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** `loans` rows of CSV text (header first), drawn from the market sales with coordinates. */
export async function buildSyntheticBook(database: Database, loans: number, seed = 15): Promise<string> {
  const random = createPrng(seed);
  const sample = await database.query<Record<string, unknown>>(
    `SELECT address, suburb, state, postcode, lat, lng, property_type, bedrooms, bathrooms, car_spaces, land_size_m2, building_size_m2, year_built, price_aud
       FROM sales WHERE is_market_sale AND price_aud IS NOT NULL AND lat IS NOT NULL AND address IS NOT NULL
      ORDER BY md5(id::text || $1) LIMIT $2`,
    [String(seed), Math.min(loans, 200_000)],
  );
  if (sample.length === 0) throw new Error('no sales in the database: run `npm run ingest` first');
  const lines = [[...PORTFOLIO_INPUT_COLUMNS, 'branch'].join(',')];
  for (let index = 0; index < loans; index += 1) {
    const sale = sample[index % sample.length]!;
    const lvr = 0.5 + random() * 0.47;
    const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
    lines.push(
      [
        `L${String(index + 1).padStart(6, '0')}`,
        text(sale.address),
        text(sale.suburb),
        text(sale.state),
        text(sale.postcode),
        text(sale.lat),
        text(sale.lng),
        text(sale.property_type),
        text(sale.bedrooms),
        text(sale.bathrooms),
        text(sale.car_spaces),
        text(sale.land_size_m2),
        text(sale.building_size_m2),
        text(sale.year_built),
        String(Math.round((Number(sale.price_aud) * lvr) / 1000) * 1000),
        random() < 0.7 ? 'owner_occupier' : 'investor',
        random() < 0.85 ? 'principal_and_interest' : 'interest_only',
        (5.5 + random() * 1.5).toFixed(2),
        String(random() < 0.8 ? 30 : 25),
        `B${1 + Math.floor(random() * 9)}`,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Common Australian street names, for the suburbs whose records carry no street addresses (Sydney's). */
const COMMON_STREETS = ['George St', 'High St', 'Church St', 'Victoria Rd', 'Park Rd', 'Station St', 'King St', 'Queen St', 'Elizabeth St', 'William St', 'Railway Pde', 'Hill St'];

/**
 * `loans` rows of a lender's book whose securities are NOT in our sales (issue 28.8): a street of
 * a Melbourne or Perth sale with a house number that no sale of that street has, or (Sydney's
 * records have no street addresses) a common street name in a Sydney suburb of our sales; a third
 * of the loans in each city. Only what a lender's system holds, in three forms by turns: the
 * address as one line; the street line with suburb, state and postcode in their own columns; or
 * geocoded coordinates alone (a point about 100 m from the street's sales). No attributes. The
 * same seed gives the same book.
 */
export async function buildUnseenAddressBook(database: Database, loans: number, seed = 28): Promise<string> {
  const random = createPrng(seed);
  const streets = await database.query<{ street: string; suburb: string; state: string; postcode: string; numbers: string; lat: number | null; lng: number | null }>(
    `SELECT regexp_replace(address, '^[0-9A-Za-z/-]+ ', '') AS street, suburb, state, postcode, string_agg(DISTINCT address, '|') AS numbers, avg(lat) AS lat, avg(lng) AS lng
       FROM sales WHERE is_market_sale AND address IS NOT NULL AND state IN ('VIC', 'WA') AND postcode IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY md5(regexp_replace(address, '^[0-9A-Za-z/-]+ ', '') || suburb || $1) LIMIT 20000`,
    [String(seed)],
  );
  const sydney = await database.query<{ suburb: string; state: string; postcode: string; lat: number | null; lng: number | null }>(
    `SELECT suburb, state, postcode, avg(lat) AS lat, avg(lng) AS lng FROM sales WHERE source = 'sydney-house-sales' AND postcode IS NOT NULL GROUP BY 1, 2, 3 ORDER BY md5(suburb || $1) LIMIT 2000`,
    [String(seed)],
  );
  if (streets.length === 0 || sydney.length === 0) throw new Error('no sales in the database: run `npm run ingest` first');
  const byState = (state: string) => streets.filter((street) => street.state === state && street.lat !== null);
  const cities = [byState('VIC'), byState('WA')];
  const lines = [[...PORTFOLIO_INPUT_COLUMNS, 'branch'].join(',')];
  const blank = PORTFOLIO_INPUT_COLUMNS.map(() => '');
  const column = (name: string) => PORTFOLIO_INPUT_COLUMNS.indexOf(name as (typeof PORTFOLIO_INPUT_COLUMNS)[number]);
  // About 100 m either way.
  const jitter = () => (random() - 0.5) * 0.002;
  for (let index = 0; index < loans; index += 1) {
    const cells = [...blank];
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    let line: string;
    let place: { suburb: string; state: string; postcode: string; lat: number | null; lng: number | null };
    if (index % 3 === 2) {
      place = pick(sydney);
      line = `${1 + Math.floor(random() * 200)} ${pick(COMMON_STREETS)}`;
    } else {
      const street = pick(cities[index % 3]!);
      const taken = new Set(street.numbers.split('|').map((address) => address.split(' ')[0]));
      let number = 1 + Math.floor(random() * 300);
      while (taken.has(String(number))) number += 1;
      place = street;
      line = `${number} ${street.street}`;
    }
    const form = Math.floor(index / 3) % 3;
    if (form === 0) cells[column('address')] = `${line}, ${place.suburb} ${place.state} ${place.postcode}`;
    else if (form === 1) {
      cells[column('address')] = line;
      cells[column('suburb')] = place.suburb;
      cells[column('state')] = place.state;
      cells[column('postcode')] = place.postcode;
    } else {
      cells[column('lat')] = (Number(place.lat) + jitter()).toFixed(6);
      cells[column('lng')] = (Number(place.lng) + jitter()).toFixed(6);
    }
    cells[column('loan_id')] = `U${String(index + 1).padStart(6, '0')}`;
    cells[column('loan_amount')] = String(300_000 + Math.round(random() * 700) * 1000);
    lines.push([...cells, `B${1 + Math.floor(random() * 9)}`].map(csvField).join(','));
  }
  return `${lines.join('\n')}\n`;
}
