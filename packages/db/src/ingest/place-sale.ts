/**
 * Placing a sale at its locality: the gazetteer's Delivery Area rows give each suburb+postcode a
 * point. Sales without coordinates (all of Sydney, 7,394 Melbourne rows) take that point with
 * location_precision 'locality'; every sale gets its locality_id and, where the source has no
 * state column, the state of its locality.
 */
import { reject, type RowResult, type SaleRecord } from './sale-record.ts';

export interface LocalityPoint {
  id: number;
  name: string;
  state: string;
  postcode: string;
  lat: number | null;
  lng: number | null;
  /** Only Delivery Area rows geocode a suburb first; other rows are a last resort. */
  isDeliveryArea: boolean;
}

export interface LocalityIndex {
  byNameAndPostcode: Map<string, LocalityPoint>;
  byNameAndState: Map<string, LocalityPoint>;
  /** Rows of any type (e.g. EDMONDSON PARK 2174 has a blank type), tried when no Delivery Area matches. */
  byNameAndPostcodeAnyType: Map<string, LocalityPoint>;
  /** The state most Delivery Areas of a postcode lie in (a few postcodes straddle a border). */
  stateByPostcode: Map<string, string>;
}

/** Upper case, single spaces, no ABS-style state suffix: "Abbotsford (Vic.)" -> "ABBOTSFORD". */
export function normaliseLocalityName(name: string): string {
  return name.toUpperCase().replace(/\s*\([^)]*\)\s*$/, '').replace(/\s+/g, ' ').trim();
}

/** Builds the look-ups from the gazetteer's localities (those without coordinates are skipped). */
export function buildLocalityIndex(allLocalities: readonly LocalityPoint[]): LocalityIndex {
  const byNameAndPostcode = new Map<string, LocalityPoint>();
  const byNameAndState = new Map<string, LocalityPoint>();
  const byNameAndPostcodeAnyType = new Map<string, LocalityPoint>();
  const stateVotes = new Map<string, Map<string, number>>();
  for (const locality of allLocalities) {
    if (!locality.isDeliveryArea) {
      const key = `${normaliseLocalityName(locality.name)}|${locality.postcode}`;
      if (locality.lat !== null && locality.lng !== null && !byNameAndPostcodeAnyType.has(key)) byNameAndPostcodeAnyType.set(key, locality);
      continue;
    }
    const votes = stateVotes.get(locality.postcode) ?? new Map<string, number>();
    votes.set(locality.state, (votes.get(locality.state) ?? 0) + 1);
    stateVotes.set(locality.postcode, votes);
    if (locality.lat === null || locality.lng === null) continue;
    const name = normaliseLocalityName(locality.name);
    const postcodeKey = `${name}|${locality.postcode}`;
    if (!byNameAndPostcode.has(postcodeKey)) byNameAndPostcode.set(postcodeKey, locality);
    // A name+state with several postcodes: the lowest postcode wins, so the choice is stable.
    const stateKey = `${name}|${locality.state}`;
    const existing = byNameAndState.get(stateKey);
    if (!existing || locality.postcode < existing.postcode) byNameAndState.set(stateKey, locality);
  }
  const stateByPostcode = new Map<string, string>();
  for (const [postcode, votes] of stateVotes) {
    const [state] = [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? [];
    if (state) stateByPostcode.set(postcode, state);
  }
  return { byNameAndPostcode, byNameAndState, byNameAndPostcodeAnyType, stateByPostcode };
}

export function findLocality(index: LocalityIndex, suburb: string, postcode: string | null, state: string | null): LocalityPoint | null {
  const name = normaliseLocalityName(suburb);
  if (postcode !== null) {
    const match = index.byNameAndPostcode.get(`${name}|${postcode}`);
    if (match) return match;
  }
  const knownState = state ?? (postcode === null ? null : index.stateByPostcode.get(postcode) ?? null);
  const byState = knownState === null ? undefined : index.byNameAndState.get(`${name}|${knownState}`);
  if (byState) return byState;
  return postcode === null ? null : index.byNameAndPostcodeAnyType.get(`${name}|${postcode}`) ?? null;
}

export function placeSale(sale: SaleRecord, index: LocalityIndex): RowResult<SaleRecord> {
  const locality = findLocality(index, sale.suburb, sale.postcode, sale.state);
  const hasCoordinates = sale.lat !== null && sale.lng !== null;
  if (locality === null) {
    const state = sale.state ?? (sale.postcode === null ? null : index.stateByPostcode.get(sale.postcode) ?? null);
    if (!hasCoordinates) {
      return reject('locality_not_found', `suburb "${sale.suburb}" with postcode ${sale.postcode ?? '(none)'} is not in the gazetteer and the row has no coordinates`);
    }
    return { ok: true, adjustments: [], value: { ...sale, state, locationPrecision: 'address', localityId: null } };
  }
  return {
    ok: true,
    adjustments: [],
    value: {
      ...sale,
      state: sale.state ?? locality.state,
      postcode: sale.postcode ?? locality.postcode,
      lat: hasCoordinates ? sale.lat : locality.lat,
      lng: hasCoordinates ? sale.lng : locality.lng,
      locationPrecision: hasCoordinates ? 'address' : 'locality',
      localityId: locality.id,
    },
  };
}

/** "12 Smith St" in Richmond VIC 3121 -> "12 SMITH ST|RICHMOND|VIC|3121"; null without a street address. */
export function buildAddressKey(sale: Pick<SaleRecord, 'address' | 'suburb' | 'state' | 'postcode'>): string | null {
  if (sale.address === null) return null;
  const clean = (text: string | null) => (text ?? '').toUpperCase().replace(/\s+/g, ' ').trim();
  return [clean(sale.address), clean(sale.suburb), clean(sale.state), clean(sale.postcode)].join('|');
}
