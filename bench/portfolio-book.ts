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
