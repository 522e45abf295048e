import type { Database } from '@propguard/db';

export interface MistypedAddress {
  id: number;
  address: string;
  suburb: string;
  /** The address and suburb as typed with the street name's third letter missing. */
  typed: string;
}

/**
 * Every Nth whole-number address of the address book on a street of six letters or more (no units:
 * "1/12" and "12" share a street), at most 20, each typed with one letter of its street name missing.
 */
export async function sampleMistypedAddresses(database: Database, every: number): Promise<MistypedAddress[]> {
  const rows = await database.query<{ id: number; address: string; suburb: string }>(
    `SELECT id, address, suburb FROM addresses
      WHERE address ~ '^[0-9]+ [A-Za-z]{6,} [A-Za-z]+$' AND id % $1 = 0 ORDER BY id LIMIT 20`,
    [every],
  );
  return rows.map((row) => {
    const [number, street, type] = row.address.split(' ') as [string, string, string];
    return { ...row, typed: `${number} ${`${street.slice(0, 2)}${street.slice(3)}`.toLowerCase()} ${type} ${row.suburb}` };
  });
}
