import type { Database } from '../open-database.ts';
import { readThroughSnapshot } from '../snapshot.ts';

/** The median attributes of one property type's market sales in a locality. */
export interface TypicalAttributes {
  propertyType: string;
  sales: number;
  bedrooms: number | null;
  bathrooms: number | null;
  carSpaces: number | null;
  landSizeM2: number | null;
  buildingSizeM2: number | null;
  yearBuilt: number | null;
}

/** The median attributes of a group of sales (one locality and type), as TypicalAttributes reads them. */
const TYPICAL_COLUMNS = `count(*)::int AS sales,
            percentile_disc(0.5) WITHIN GROUP (ORDER BY bedrooms) AS bedrooms,
            percentile_disc(0.5) WITHIN GROUP (ORDER BY bathrooms) AS bathrooms,
            percentile_disc(0.5) WITHIN GROUP (ORDER BY car_spaces) AS car_spaces,
            round(percentile_cont(0.5) WITHIN GROUP (ORDER BY land_size_m2)) AS land_size_m2,
            round(percentile_cont(0.5) WITHIN GROUP (ORDER BY building_size_m2)) AS building_size_m2,
            percentile_disc(0.5) WITHIN GROUP (ORDER BY year_built) AS year_built`;

const toNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * Typical (median) attributes per property type of the market sales in a suburb, most common
 * type first. Used to value an address we do not know with what is usual where it is.
 */
export async function findTypicalAttributes(database: Database, where: { suburb: string; postcode?: string | null; state?: string | null }): Promise<TypicalAttributes[]> {
  const rows = await database.query<Record<string, unknown>>(
    `SELECT property_type, ${TYPICAL_COLUMNS}
       FROM sales
      WHERE is_market_sale AND upper(suburb) = upper($1)
        AND ($2::text IS NULL OR postcode = $2) AND ($3::text IS NULL OR state = $3)
      GROUP BY property_type ORDER BY sales DESC, property_type`,
    [where.suburb, where.postcode ?? null, where.state ?? null],
  );
  return rows.map(toTypicalAttributes);
}

function toTypicalAttributes(row: Record<string, unknown>): TypicalAttributes {
  return {
    propertyType: String(row.property_type),
    sales: Number(row.sales),
    bedrooms: toNumber(row.bedrooms),
    bathrooms: toNumber(row.bathrooms),
    carSpaces: toNumber(row.car_spaces),
    landSizeM2: toNumber(row.land_size_m2),
    buildingSizeM2: toNumber(row.building_size_m2),
    yearBuilt: toNumber(row.year_built),
  };
}

/** The key of a locality's typical attributes in SubjectLookups.typicalCache (suburb, postcode, state; upper case). */
export function typicalAttributesKey(suburb: string, postcode: string | null | undefined, state: string | null | undefined): string {
  return `${suburb}|${postcode ?? ''}|${state ?? ''}`.toUpperCase();
}

/**
 * findTypicalAttributes for every (suburb, postcode, state) of the market sales in one query, by
 * typicalAttributesKey: the same answers, for a batch (`value --csv`, portfolio jobs) that would
 * otherwise ask once per locality.
 */
export async function loadAllTypicalAttributes(database: Database, snapshotDir?: string): Promise<Map<string, TypicalAttributes[]>> {
  // About 0.8 s on PGlite for every locality at once; kept beside the other snapshots while the sales are unchanged.
  const entries = await readThroughSnapshot(database, { directory: snapshotDir, name: 'typical-attributes', tables: ['sales'], code: readAllTypicalAttributes.toString() }, async () => [...(await readAllTypicalAttributes(database))]);
  return new Map(entries);
}

async function readAllTypicalAttributes(database: Database): Promise<Map<string, TypicalAttributes[]>> {
  const rows = await database.query<Record<string, unknown>>(
    `SELECT upper(suburb) AS suburb, postcode, state, property_type, ${TYPICAL_COLUMNS}
       FROM sales
      WHERE is_market_sale AND suburb IS NOT NULL AND postcode IS NOT NULL AND state IS NOT NULL
      GROUP BY upper(suburb), postcode, state, property_type
      ORDER BY upper(suburb), postcode, state, sales DESC, property_type`,
  );
  const byLocality = new Map<string, TypicalAttributes[]>();
  for (const row of rows) {
    const key = typicalAttributesKey(String(row.suburb), String(row.postcode), String(row.state));
    const list = byLocality.get(key) ?? [];
    list.push(toTypicalAttributes(row));
    byLocality.set(key, list);
  }
  return byLocality;
}

/** The gazetteer delivery-area locality nearest to a point (equirectangular distance, fine at suburb scale). */
export async function findNearestLocality(database: Database, lat: number, lng: number): Promise<{ name: string; state: string; postcode: string; distanceKm: number } | null> {
  const rows = await database.query<{ name: string; state: string; postcode: string; distance_km: number }>(
    `SELECT name, state, postcode,
            111.32 * sqrt(power(lat - $1, 2) + power((lng - $2) * cos(radians($1)), 2)) AS distance_km
       FROM localities
      WHERE is_delivery_area AND lat IS NOT NULL AND lat BETWEEN $1 - 0.5 AND $1 + 0.5 AND lng BETWEEN $2 - 0.5 AND $2 + 0.5
      ORDER BY distance_km LIMIT 1`,
    [lat, lng],
  );
  const row = rows[0];
  return row ? { name: row.name, state: row.state, postcode: row.postcode, distanceKm: Number(row.distance_km) } : null;
}
