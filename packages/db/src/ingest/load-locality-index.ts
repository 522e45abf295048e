import type { DrizzleDatabase } from '../open-database.ts';
import { localities } from '../schema.ts';
import { buildLocalityIndex, type LocalityIndex } from './place-sale.ts';

/** The placement look-ups, from the localities currently in the database. */
export async function loadLocalityIndex(executor: DrizzleDatabase): Promise<LocalityIndex> {
  const rows = await executor
    .select({
      id: localities.id,
      name: localities.name,
      state: localities.state,
      postcode: localities.postcode,
      lat: localities.lat,
      lng: localities.lng,
      isDeliveryArea: localities.isDeliveryArea,
    })
    .from(localities);
  return buildLocalityIndex(rows);
}
