/**
 * Address resolution for a valuation: where the property is and what it is. One module for every
 * caller (the API's POST /api/valuations and the reports built on it, the CLI's `value --csv`, the
 * coming worker processes), so that the same row is placed at the same point and valued with the
 * same attributes everywhere.
 *
 * A known street address is placed at its own point with its last sale's attributes; else the
 * locality's centre (an ambiguous suburb name read as the state with the most sales, and said);
 * else the coordinates given. Missing attributes are the locality's typical values; a property
 * type is read through the vocabulary of packages/schemas, and a name it does not know is valued
 * as the locality's most sold type, said so in `assumed`.
 */
import { choosePlace, normaliseAddressText, parseAddress, pickAddressMatch, type SubjectProperty } from '@propguard/engines';
import { AppError, PROPERTY_TYPES, readPropertyType, type PropertyAttributes, type PropertyType, type ValuationRequest } from '@propguard/schemas';
import type { Database } from '../open-database.ts';
import { countSuburbSalesByState } from '../market/load-market-sales.ts';
import { findAddressCandidates, findLocality, findLocalityIn, loadAddressCandidates, type AddressCandidate, type LocalityTable } from './resolve-location.ts';
import { findNearestLocality, findTypicalAttributes, typicalAttributesKey, type TypicalAttributes } from './typical-attributes.ts';

/** In-memory look-ups kept by the caller for the life of the process (the sales do not change). */
export interface SubjectLookups {
  /** Known street addresses by "NUMBER STREET|SUBURB" (normalised): exact look-ups without SQL. */
  addressBook: Map<string, AddressCandidate[]>;
  /** Typical attributes per locality, filled on first use. */
  typicalCache: Map<string, TypicalAttributes[]>;
  /** Answers of the gazetteer queries (locality, nearest locality, sales by state) by their arguments, filled on first use. */
  placeCache?: Map<string, unknown>;
  /** Every gazetteer locality (a batch loads it once): the locality is found in memory, not by one query per new locality. */
  localities?: LocalityTable;
}

/** Entries kept in placeCache before it starts over (each is a few hundred bytes). */
const PLACE_CACHE_ENTRIES = 50_000;

/** A gazetteer query's answer, from the cache when the same question was asked before (the data do not change while running). */
async function cached<T>(lookups: SubjectLookups, key: string, query: () => Promise<T>): Promise<T> {
  const cache = lookups.placeCache;
  if (!cache) return query();
  if (cache.has(key)) return cache.get(key) as T;
  const answer = await query();
  if (cache.size >= PLACE_CACHE_ENTRIES) cache.clear();
  cache.set(key, answer);
  return answer;
}

/** Where the property is, as resolved. */
export interface ResolvedLocation {
  address: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  lat: number;
  lng: number;
  locationPrecision: 'address' | 'locality' | 'coordinates';
}

export interface ResolvedSubject {
  location: ResolvedLocation;
  attributes: PropertyAttributes;
  /** What was assumed or read, one line each ("propertyType: house (the most sold type in ...)"). */
  assumed: string[];
}

/** What a caller asks to value: the API's request body; the CLI builds the same from a row. */
export type SubjectRequest = Pick<ValuationRequest, 'address' | 'suburb' | 'state' | 'postcode' | 'lat' | 'lng' | 'attributes'>;

const ATTRIBUTE_KEYS = ['bedrooms', 'bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2', 'yearBuilt'] as const;
const MODEL_TYPES: ReadonlySet<string> = new Set(PROPERTY_TYPES);

/** The address book key: normalised street line and suburb. */
export function addressBookKey(streetLine: string, suburb: string): string {
  return `${normaliseAddressText(streetLine)}|${normaliseAddressText(suburb)}`;
}

/** Every known street address of our sales, by addressBookKey. */
export async function loadAddressBook(database: Database): Promise<Map<string, AddressCandidate[]>> {
  const addressBook = new Map<string, AddressCandidate[]>();
  for (const candidate of await loadAddressCandidates(database)) {
    const key = addressBookKey(candidate.address, candidate.suburb);
    const list = addressBook.get(key);
    if (list) list.push(candidate);
    else addressBook.set(key, [candidate]);
  }
  return addressBook;
}

function definedAttributes(source: Record<string, unknown>): PropertyAttributes {
  const attributes: Record<string, unknown> = {};
  for (const key of [...ATTRIBUTE_KEYS, 'propertyType'] as const) {
    const value = source[key];
    if (value !== null && value !== undefined) attributes[key] = value;
  }
  return attributes as PropertyAttributes;
}

type Placed = ResolvedLocation & { knownAttributes: PropertyAttributes; notes: string[] };

/** Places the request: a known street address, else its locality's centre, else the coordinates given. */
async function placeSubject(database: Database, lookups: SubjectLookups, request: SubjectRequest): Promise<Placed> {
  if (request.lat !== undefined && request.lng !== undefined) {
    const { lat, lng } = request;
    const nearest = request.suburb ? null : await cached(lookups, `nearest|${lat}|${lng}`, () => findNearestLocality(database, lat, lng));
    return {
      address: request.address ?? null,
      suburb: request.suburb ?? nearest?.name ?? null,
      state: request.state ?? nearest?.state ?? null,
      postcode: request.postcode ?? nearest?.postcode ?? null,
      lat: request.lat,
      lng: request.lng,
      locationPrecision: 'coordinates',
      knownAttributes: {},
      notes: nearest ? [`locality: ${nearest.name} ${nearest.state} ${nearest.postcode}, the nearest to the coordinates given`] : [],
    };
  }

  const typedText = [request.address, request.suburb, request.state, request.postcode].filter(Boolean).join(', ');
  const parsed = parseAddress(typedText);
  const suburb = request.suburb ?? parsed.suburb;
  const state = request.state ?? parsed.state;
  const postcode = request.postcode ?? parsed.postcode;

  if (parsed.streetNumber && parsed.street) {
    const typed = { ...parsed, suburb: parsed.suburb ?? (suburb ? suburb.toUpperCase() : null), postcode };
    // With a suburb typed, the address book holds every candidate pickAddressMatch could accept
    // (same street line and suburb, placed), so the answer is found in memory or nowhere; the
    // trigram search runs only when the suburb is missing. A batch of rows in suburbs without
    // street addresses (all of Sydney's) then makes no query per row.
    const exact = typed.suburb ? lookups.addressBook.get(addressBookKey(`${parsed.streetNumber} ${parsed.street}`, typed.suburb)) ?? [] : [];
    const match = typed.suburb ? pickAddressMatch(typed, exact) : pickAddressMatch(typed, await findAddressCandidates(database, parsed.normalised));
    if (match && match.lat !== null && match.lng !== null) {
      return {
        address: match.address,
        suburb: match.suburb,
        state: match.state,
        postcode: match.postcode,
        lat: match.lat,
        lng: match.lng,
        locationPrecision: match.locationPrecision === 'address' ? 'address' : 'locality',
        knownAttributes: definedAttributes(match as unknown as Record<string, unknown>),
        notes: [],
      };
    }
  }

  // A suburb name in several states, typed without a state or postcode, is read as the state with
  // the most sales in our data, and the answer says so with the alternatives.
  const choice = suburb && !state && !postcode ? choosePlace(suburb, await cached(lookups, `states|${suburb.toUpperCase()}`, () => countSuburbSalesByState(database, suburb))) : null;
  const where = { suburb, state: state ?? choice?.state ?? null, postcode };
  const locality = lookups.localities
    ? findLocalityIn(lookups.localities, where)
    : await cached(lookups, `locality|${JSON.stringify(where).toUpperCase()}`, () => findLocality(database, where));
  if (!locality) {
    throw new AppError(
      'NOT_FOUND',
      `Could not place "${typedText}": it is not an address in our sales data and no Australian locality matches${suburb ? ` "${suburb}"` : ''}. Add the suburb and postcode, e.g. "85 Turner St, Abbotsford VIC 3067".`,
      { field: request.address ? 'body.address' : 'body.suburb' },
    );
  }
  return {
    address: request.address ?? null,
    suburb: locality.name,
    state: locality.state,
    postcode: locality.postcode,
    lat: locality.lat,
    lng: locality.lng,
    locationPrecision: 'locality',
    knownAttributes: {},
    notes: [
      parsed.streetNumber
        ? `location: the centre of ${locality.name} ${locality.state} ${locality.postcode} (the street address is not in our sales data)`
        : `location: the centre of ${locality.name} ${locality.state} ${locality.postcode}`,
      ...(choice ? [`place: ${choice.reason}; did you mean ${choice.alternatives.map((alternative) => alternative.label).join(' or ')}? Add the state to choose`] : []),
    ],
  };
}

function describeTypical(typical: TypicalAttributes, suburb: string): string {
  return `median of ${typical.sales.toLocaleString('en-AU')} ${typical.propertyType} sales in ${suburb}`;
}

/** The given attributes with the property type read through the vocabulary (an unknown name dropped, and said). */
function readGivenAttributes(given: SubjectRequest['attributes']): { attributes: PropertyAttributes; unknownType: string | null; notes: string[] } {
  const { propertyType: typeName, ...rest } = given ?? {};
  const attributes = definedAttributes(rest as Record<string, unknown>);
  if (typeName === undefined || typeName === null || typeName.trim() === '') return { attributes, unknownType: null, notes: [] };
  const type = readPropertyType(typeName);
  if (!type) return { attributes, unknownType: typeName.trim(), notes: [] };
  attributes.propertyType = type;
  const isOwnName = typeName.trim().toLowerCase() === type;
  return { attributes, unknownType: null, notes: isOwnName ? [] : [`propertyType: ${type} (read from "${typeName.trim()}")`] };
}

/** Fills the attributes the caller did not give: the address's last sale, else the locality's typical values. */
async function completeAttributes(database: Database, lookups: SubjectLookups, location: Placed, request: SubjectRequest): Promise<{ attributes: PropertyAttributes; assumed: string[] }> {
  const given = readGivenAttributes(request.attributes);
  const assumed: string[] = [...location.notes, ...given.notes];
  const attributes: PropertyAttributes = { ...definedAttributes(location.knownAttributes as Record<string, unknown>), ...given.attributes };
  for (const key of Object.keys(location.knownAttributes) as Array<keyof PropertyAttributes>) {
    if (given.attributes[key] === undefined && location.knownAttributes[key] !== undefined) assumed.push(`${key}: ${String(location.knownAttributes[key])} (from this address's last recorded sale)`);
  }
  const missing = ATTRIBUTE_KEYS.filter((key) => attributes[key] === undefined);
  let typeExplained = attributes.propertyType !== undefined;
  if ((attributes.propertyType === undefined || missing.length > 0) && location.suburb) {
    const cacheKey = typicalAttributesKey(location.suburb, location.postcode, location.state);
    let typicals = lookups.typicalCache.get(cacheKey);
    if (!typicals) {
      typicals = await findTypicalAttributes(database, { suburb: location.suburb, postcode: location.postcode, state: location.state });
      lookups.typicalCache.set(cacheKey, typicals);
    }
    // The typical values of the requested type only: a unit must not inherit a house's land size.
    const typical = attributes.propertyType === undefined ? typicals[0] : typicals.find((row) => row.propertyType === attributes.propertyType);
    if (!typical && attributes.propertyType !== undefined && missing.length > 0) {
      assumed.push(`no ${attributes.propertyType} sales in ${location.suburb} in our data: ${missing.join(', ')} left to the model`);
    }
    if (typical) {
      if (attributes.propertyType === undefined && MODEL_TYPES.has(typical.propertyType)) {
        attributes.propertyType = typical.propertyType as PropertyType;
        typeExplained = true;
        assumed.push(
          given.unknownType
            ? `propertyType: ${typical.propertyType} ("${given.unknownType}" is not a property type we know; ${typical.propertyType} is the most sold type in ${location.suburb})`
            : `propertyType: ${typical.propertyType} (the most sold type in ${location.suburb})`,
        );
      }
      for (const key of missing) {
        const value = typical[key];
        if (value !== null) {
          attributes[key] = value;
          assumed.push(`${key}: ${key === 'yearBuilt' ? String(value) : value.toLocaleString('en-AU')} (${describeTypical(typical, location.suburb)})`);
        }
      }
    }
  }
  if (given.unknownType && !typeExplained) assumed.push(`propertyType: "${given.unknownType}" is not a property type we know and the locality has no typical type: left to the model`);
  return { attributes, assumed };
}

/** Places the property and completes its attributes (see the module comment). Throws AppError NOT_FOUND when it cannot be placed. */
export async function resolveSubject(database: Database, lookups: SubjectLookups, request: SubjectRequest): Promise<ResolvedSubject> {
  const placed = await placeSubject(database, lookups, request);
  const { attributes, assumed } = await completeAttributes(database, lookups, placed, request);
  const { address, suburb, state, postcode, lat, lng, locationPrecision } = placed;
  return { location: { address, suburb, state, postcode, lat, lng, locationPrecision }, attributes, assumed };
}

/** The valuation engine's subject of a resolved property (the same for the API and the CLI). */
export function toSubjectProperty(resolved: ResolvedSubject): SubjectProperty {
  const { location, attributes } = resolved;
  return {
    lat: location.lat,
    lng: location.lng,
    address: location.locationPrecision === 'coordinates' ? null : location.address,
    state: location.state ?? undefined,
    suburb: location.suburb ?? undefined,
    postcode: location.postcode ?? undefined,
    ...attributes,
  };
}
