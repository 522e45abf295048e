/**
 * Address resolution for a valuation: where the property is and what it is. One module for every
 * caller (the API's POST /api/valuations and the reports built on it, the CLI's `value --csv`, the
 * coming worker processes), so that the same row is placed at the same point and valued with the
 * same attributes everywhere.
 *
 * Every form that names a property reads here: a listing id of search ("sale-123"), a suggestion id
 * of the address box ("address-123", "locality-45"), an address typed in full or in parts, or
 * coordinates. A listing whose sale has a street address is that address (its point and its last
 * sale's attributes, as the address typed would be); a listing without one (Sydney's suburb-level
 * records) is its sale's own point, state and attributes.
 *
 * A known street address is placed at its own point with its last sale's attributes; else the
 * locality's centre (an ambiguous suburb name read as the state with the most sales, and said);
 * else the coordinates given. Missing attributes are the locality's typical values; a property
 * type is read through the vocabulary of packages/schemas, and a name it does not know is valued
 * as the locality's most sold type, said so in `assumed`.
 */
import {
  asAtAssumption,
  buildTypicalAttributesTable,
  choosePlace,
  describeFilledRange,
  fillFromTypical,
  filledScaleOf,
  normaliseAddressText,
  parseAddress,
  pickAddressMatch,
  pickAddressNear,
  resolveAsAt,
  sanitiseGivenAttributes,
  streetLineKey,
  type MarketAsAt,
  type ParsedAddress,
  type SalesIndex,
  type SubjectProperty,
  type TypicalAttributesTable,
  typicalAttributesKey,
} from '@propguard/engines';
import { AppError, formatLocality, formatPlaceName, PROPERTY_TYPES, readPropertyType, type PropertyAttributes, type PropertyType, type SubjectRequest as SubjectRequestFields } from '@propguard/schemas';
import type { Database } from '../open-database.ts';
import { countSuburbSalesByState } from '../market/load-market-sales.ts';
import { getSaleListing, type SaleListingRow } from '../realty/search-sales.ts';
import { findAddressById, findAddressCandidates, findLocality, findNearestLocality, findLocalityById, findLocalityIn, findNearestLocalityIn, loadAddressCandidates, type AddressCandidate, type LocalityMatch, type LocalityTable } from './resolve-location.ts';

/** In-memory look-ups kept by the caller for the life of the process (the sales do not change). */
export interface SubjectLookups {
  /** Known street addresses by "NUMBER STREET|SUBURB" (normalised): exact look-ups without SQL. */
  addressBook: Map<string, AddressCandidate[]>;
  /** The same addresses by row id ("address-123" suggestions, a listing's address), built from addressBook on first use. */
  addressById?: Map<number, AddressCandidate>;
  /**
   * Every locality's typical attributes (buildTypicalAttributesTable of the engines, from the sales
   * index's sales); built from `index` on first use when not given. Without either, a missing field
   * is left to the model.
   */
  typical?: TypicalAttributesTable;
  /** Answers of the gazetteer queries (locality, nearest locality, sales by state) by their arguments, filled on first use. */
  placeCache?: Map<string, unknown>;
  /** Every gazetteer locality (a batch loads it once): the locality is found in memory, not by one query per new locality. */
  localities?: LocalityTable;
  /** The same addresses by street line alone (streetLineKey), built from addressBook on first use: an address given with coordinates and no suburb. */
  addressesByLine?: Map<string, AddressCandidate[]>;
  /**
   * The sales index, when the process holds one (the server's valuation runtime, a portfolio's):
   * a given year built is checked against the valuation date of the property's market
   * (resolveAsAt). Without it, against the date asked for, else today.
   */
  index?: SalesIndex;
  /**
   * The valuation model's range scales for typical attributes (`intervals.filledScale`): a
   * property valued with any says in `assumed` how much wider its range is (describeFilledRange).
   */
  filledScale?: Readonly<Record<string, number>>;
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
  /** True when `address` is one of our sales' street addresses (its own earlier sales anchor the estimate), even where coordinates were given. */
  knownAddress: boolean;
}

export interface ResolvedSubject {
  location: ResolvedLocation;
  attributes: PropertyAttributes;
  /** What was assumed or read, one line each ("propertyType: house (the most sold type in ...)"). */
  assumed: string[];
  /**
   * The attributes filled from the locality's typical values (propertyType included when it was
   * assumed too): the estimate is then that of a typical property of the suburb, not of this one.
   */
  typicalAttributes: string[];
  /** The attributes neither given, known nor filled: left to the model (typical-attributes.ts of the engines). */
  leftToModel: string[];
  /** The request that resolves to this same subject again (a report asked from the screen sends it back). */
  subject: SubjectRequestFields;
}

/** What a caller asks to value: the API's request body (its as-at date aside); the CLI, a portfolio loan and a listing build the same. */
export type SubjectRequest = Omit<SubjectRequestFields, 'asAt'>;

const ATTRIBUTE_KEYS = ['bedrooms', 'bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2', 'yearBuilt'] as const;
const MODEL_TYPES: ReadonlySet<string> = new Set(PROPERTY_TYPES);

/** The address book key: the street line however written (streetLineKey: case, "St"/"Street", "Unit 1, 21"/"1/21") and the normalised suburb. */
export function addressBookKey(streetLine: string, suburb: string): string {
  return `${streetLineKey(streetLine)}|${normaliseAddressText(suburb)}`;
}

/** Every known street address of our sales, by addressBookKey. */
export async function loadAddressBook(database: Database, snapshotDir?: string): Promise<Map<string, AddressCandidate[]>> {
  const candidates = await loadAddressCandidates(database, snapshotDir);
  const addressBook = new Map<string, AddressCandidate[]>();
  for (const candidate of candidates) {
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

/** Records the caller has already read (a search page's sale rows), so that resolving them asks the database nothing more. */
export interface LoadedRecords {
  sale?: SaleListingRow;
}

type Placed = ResolvedLocation & {
  knownAttributes: PropertyAttributes;
  /** Where knownAttributes come from, as the assumptions say it. */
  knownFrom?: string;
  notes: string[];
  subject: SubjectRequest;
};

function addressByIdOf(lookups: SubjectLookups): Map<number, AddressCandidate> {
  if (!lookups.addressById) {
    lookups.addressById = new Map();
    for (const candidates of lookups.addressBook.values()) for (const candidate of candidates) lookups.addressById.set(candidate.id, candidate);
  }
  return lookups.addressById;
}

function addressesByLineOf(lookups: SubjectLookups): Map<string, AddressCandidate[]> {
  if (!lookups.addressesByLine) {
    lookups.addressesByLine = new Map();
    for (const [key, candidates] of lookups.addressBook) {
      const line = key.slice(0, key.lastIndexOf('|'));
      const list = lookups.addressesByLine.get(line);
      if (list) list.push(...candidates);
      else lookups.addressesByLine.set(line, [...candidates]);
    }
  }
  return lookups.addressesByLine;
}

/**
 * The street address of our sales a typed address is, however it is written (case, "St" or
 * "Street", "Unit 1, 21" or "1/21"): by street line and suburb in memory; with no suburb typed,
 * the one on that street line nearest the coordinates given (`near`), else the trigram search.
 */
async function findKnownAddress(
  database: Database,
  lookups: SubjectLookups,
  parsed: ParsedAddress,
  where: { suburb: string | null; postcode: string | null },
  near?: { lat: number; lng: number; nearestSuburb: string | null },
): Promise<AddressCandidate | null> {
  if (!parsed.streetNumber || !parsed.street) return null;
  const line = `${parsed.streetNumber} ${parsed.street}`;
  const typed = { ...parsed, suburb: parsed.suburb ?? (where.suburb ? where.suburb.toUpperCase() : null), postcode: where.postcode };
  // With a suburb typed, the address book holds every candidate pickAddressMatch could accept
  // (same street line and suburb, placed or not), so the answer is found in memory or nowhere; the
  // trigram search runs only when neither the suburb nor coordinates are given. A batch of rows in
  // suburbs without street addresses (all of Sydney's) then makes no query per row.
  if (typed.suburb) return pickAddressMatch(typed, lookups.addressBook.get(addressBookKey(line, typed.suburb)) ?? []);
  if (near) return pickAddressNear(addressesByLineOf(lookups).get(streetLineKey(line)) ?? [], near.lat, near.lng, near.nearestSuburb);
  return pickAddressMatch(typed, await findAddressCandidates(database, parsed.normalised));
}

/** The gazetteer locality of a suburb, state and postcode: from the table in memory when loaded, else one query (remembered). */
function findPlaceLocality(database: Database, lookups: SubjectLookups, where: { suburb?: string | null; state?: string | null; postcode?: string | null }): Promise<LocalityMatch | null> {
  if (lookups.localities) return Promise.resolve(findLocalityIn(lookups.localities, where));
  return cached(lookups, `locality|${JSON.stringify(where).toUpperCase()}`, () => findLocality(database, where));
}

/** The `assumed` line of a property placed at its locality's centre, the locality named as the screens name it ("location: the centre of Abbotsford VIC 3067"). */
function centreOf(locality: LocalityMatch): string {
  return `location: the centre of ${formatLocality({ suburb: locality.name, state: locality.state, postcode: locality.postcode })}`;
}

/** The centre of a locality, nothing known of the property there ("location: the centre of ..." and why). */
function placeAtLocalityCentre(locality: LocalityMatch, subject: SubjectRequest, why: string, extraNotes: string[] = [], address: string | null = null): Placed {
  return {
    address,
    suburb: locality.name,
    state: locality.state,
    postcode: locality.postcode,
    lat: locality.lat,
    lng: locality.lng,
    locationPrecision: 'locality',
    knownAddress: false,
    knownAttributes: {},
    notes: [`${centreOf(locality)}${why}`, ...extraNotes],
    subject,
  };
}

/** A known street address with coordinates, placed at its own point with its last sale's attributes. */
function placeAtAddress(match: AddressCandidate, subject: SubjectRequest): Placed {
  return {
    address: match.address,
    suburb: match.suburb,
    state: match.state,
    postcode: match.postcode,
    lat: match.lat!,
    lng: match.lng!,
    locationPrecision: match.locationPrecision === 'address' ? 'address' : 'locality',
    knownAddress: true,
    knownAttributes: definedAttributes(match as unknown as Record<string, unknown>),
    notes: [],
    subject,
  };
}

/**
 * A street address of our sales: at its own point, or, where our data have no point for it, at
 * its locality's centre; either way with its last sale's attributes.
 */
async function placeKnownAddress(database: Database, lookups: SubjectLookups, known: AddressCandidate, subject: SubjectRequest): Promise<Placed> {
  if (known.lat !== null && known.lng !== null) return placeAtAddress(known, subject);
  const locality = await findPlaceLocality(database, lookups, { suburb: known.suburb, state: known.state, postcode: known.postcode });
  const place = [known.suburb, known.state, known.postcode].filter(Boolean).join(' ');
  if (!locality) throw new AppError('NOT_FOUND', `Could not place "${known.address}, ${place}": our data have no point for this address and no locality matches ${place}`);
  return {
    address: known.address,
    suburb: known.suburb,
    state: known.state,
    postcode: known.postcode,
    lat: locality.lat,
    lng: locality.lng,
    locationPrecision: 'locality',
    knownAddress: true,
    knownAttributes: definedAttributes(known as unknown as Record<string, unknown>),
    notes: [`${centreOf(locality)} (our data have no point for this street address)`],
    subject,
  };
}

/** "sale-123" -> 123. */
function saleIdOf(listingId: string): number {
  return Number(listingId.slice('sale-'.length));
}

/**
 * A listing: its sale's street address when the address book knows it (the same subject as the
 * address typed), else the sale's own recorded point, state and attributes.
 */
async function placeListing(database: Database, lookups: SubjectLookups, listingId: string, loaded?: SaleListingRow): Promise<Placed> {
  const sale: SaleListingRow | null = loaded?.id === saleIdOf(listingId) ? loaded : await getSaleListing(database, saleIdOf(listingId));
  if (!sale) throw new AppError('NOT_FOUND', `No property with listing id ${listingId}`, { field: 'body.listingId' });
  const subject = { listingId };
  const known = sale.addressId === null ? undefined : addressByIdOf(lookups).get(sale.addressId);
  if (known) return placeKnownAddress(database, lookups, known, subject);
  if (sale.lat === null || sale.lng === null) {
    const locality = await findPlaceLocality(database, lookups, { suburb: sale.suburb, state: sale.state, postcode: sale.postcode });
    const place = formatLocality(sale);
    if (!locality) throw new AppError('NOT_FOUND', `Listing ${listingId} has no coordinates and its locality ${place} is not in the gazetteer`, { field: 'body.listingId' });
    return { ...placeFromSale(sale, locality.lat, locality.lng, subject), notes: [`${centreOf(locality)} (this sale's record has no coordinates)`] };
  }
  return placeFromSale(sale, sale.lat, sale.lng, subject);
}

function placeFromSale(sale: SaleListingRow, lat: number, lng: number, subject: SubjectRequest): Placed {
  const place = formatLocality(sale);
  const precise = sale.locationPrecision === 'address';
  return {
    address: sale.address,
    suburb: sale.suburb,
    state: sale.state,
    postcode: sale.postcode,
    lat,
    lng,
    locationPrecision: precise ? 'address' : 'locality',
    knownAddress: sale.address !== null,
    knownAttributes: definedAttributes(sale as unknown as Record<string, unknown>),
    knownFrom: `from the record of sale ${sale.id}`,
    notes: precise ? [] : [`location: the centre of ${place} (this sale's record has no street point)`],
    subject,
  };
}

/** A suggestion of the address box: a street address of our sales or a gazetteer locality, by row id. */
async function placeSuggestion(database: Database, lookups: SubjectLookups, suggestionId: string): Promise<Placed> {
  const [kind, idText] = suggestionId.split('-') as ['address' | 'locality', string];
  const id = Number(idText);
  const subject = { suggestionId };
  if (kind === 'address') {
    const known = addressByIdOf(lookups).get(id) ?? (await findAddressById(database, id));
    if (!known) throw new AppError('NOT_FOUND', `No address with suggestion id ${suggestionId}`, { field: 'body.suggestionId' });
    return placeKnownAddress(database, lookups, known, subject);
  }
  const locality = await cached(lookups, `locality-id|${id}`, () => findLocalityById(database, id));
  if (!locality) throw new AppError('NOT_FOUND', `No placed locality with suggestion id ${suggestionId}`, { field: 'body.suggestionId' });
  return placeAtLocalityCentre(locality, subject, '');
}

/** Places the request: a listing or a suggestion by id, else a known street address, else its locality's centre, else the coordinates given. */
async function placeSubject(database: Database, lookups: SubjectLookups, request: SubjectRequest, loaded?: LoadedRecords): Promise<Placed> {
  if (request.listingId) return placeListing(database, lookups, request.listingId, loaded?.sale);
  if (request.suggestionId) return placeSuggestion(database, lookups, request.suggestionId);
  const typedText = [request.address, request.suburb, request.state, request.postcode].filter(Boolean).join(', ');
  const parsed = parseAddress(typedText);
  const suburb = request.suburb ?? parsed.suburb;
  const state = request.state ?? parsed.state;
  const postcode = request.postcode ?? parsed.postcode;

  if (request.lat !== undefined && request.lng !== undefined) {
    const { lat, lng } = request;
    const nearest = request.suburb
      ? null
      : lookups.localities
        ? findNearestLocalityIn(lookups.localities, lat, lng)
        : await cached(lookups, `nearest|${lat}|${lng}`, () => findNearestLocality(database, lat, lng));
    // An address given with the coordinates names the property: when it is one of our sales' street
    // addresses, its own earlier sales anchor the estimate and its last sale's attributes are used,
    // as for the address alone; the point stays the one given.
    const known = request.address ? await findKnownAddress(database, lookups, parsed, { suburb, postcode }, { lat, lng, nearestSuburb: nearest?.name ?? null }) : null;
    const nearestNotes = nearest && !known ? [`locality: ${nearest.name} ${nearest.state} ${nearest.postcode}, the nearest to the coordinates given`] : [];
    return {
      address: known?.address ?? request.address ?? null,
      suburb: request.suburb ?? known?.suburb ?? nearest?.name ?? null,
      state: request.state ?? known?.state ?? nearest?.state ?? null,
      postcode: request.postcode ?? known?.postcode ?? nearest?.postcode ?? null,
      lat: request.lat,
      lng: request.lng,
      locationPrecision: 'coordinates',
      knownAddress: known !== null,
      knownAttributes: known ? definedAttributes(known as unknown as Record<string, unknown>) : {},
      notes: known ? [`address: ${known.address}, ${[known.suburb, known.state, known.postcode].filter(Boolean).join(' ')} (a street address of our sales) at the coordinates given`, ...nearestNotes] : nearestNotes,
      subject: { lat, lng, address: request.address, suburb: request.suburb, state: request.state, postcode: request.postcode },
    };
  }

  const match = await findKnownAddress(database, lookups, parsed, { suburb, postcode });
  if (match) return placeKnownAddress(database, lookups, match, { suggestionId: `address-${match.id}` });

  // A suburb name in several states, typed without a state or postcode, is read as the state with
  // the most sales in our data, and the answer says so with the alternatives.
  const choice = suburb && !state && !postcode ? choosePlace(suburb, await cached(lookups, `states|${suburb.toUpperCase()}`, () => countSuburbSalesByState(database, suburb))) : null;
  const where = { suburb, state: state ?? choice?.state ?? null, postcode };
  const locality = await findPlaceLocality(database, lookups, where);
  if (!locality) {
    throw new AppError(
      'NOT_FOUND',
      `Could not place "${typedText}": it is not an address in our sales data and no Australian locality matches${suburb ? ` "${suburb}"` : ''}. Add the suburb and postcode, e.g. "85 Turner St, Abbotsford VIC 3067".`,
      { field: request.address ? 'body.address' : 'body.suburb' },
    );
  }
  // The locality found, named in full, so that the same request finds it again without a choice.
  const subject = { address: request.address, suburb: locality.name, state: locality.state as SubjectRequest['state'], postcode: locality.postcode };
  const why = parsed.streetNumber ? ' (the street address is not in our sales data)' : '';
  const choiceNotes = choice ? [`place: ${choice.reason}; did you mean ${choice.alternatives.map((alternative) => alternative.label).join(' or ')}? Add the state to choose`] : [];
  return placeAtLocalityCentre(locality, subject, why, choiceNotes, request.address ?? null);
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

/** The typical attributes at hand: the lookups' table, else one built from `index` once and kept in the lookups. */
function typicalTable(lookups: SubjectLookups, index: SalesIndex | undefined): TypicalAttributesTable | null {
  if (!lookups.typical && index) lookups.typical = buildTypicalAttributesTable(index.sales);
  return lookups.typical ?? null;
}

/**
 * Fills the attributes the caller did not give: the address's last sale, else the locality's
 * typical values where most of its sales of the type record them (fillFromTypical of the engines).
 * A given value that is unknown in practice (land 0 for a unit, a year built after `valuationDate`:
 * sanitiseGivenAttributes) counts as not given, and `assumed` says so.
 */
function completeAttributes(
  lookups: SubjectLookups,
  index: SalesIndex | undefined,
  location: Placed,
  request: SubjectRequest,
  valuationDate: string,
): { attributes: PropertyAttributes; assumed: string[]; typicalAttributes: string[]; leftToModel: string[] } {
  const read = readGivenAttributes(request.attributes);
  const sane = sanitiseGivenAttributes(read.attributes, { propertyType: read.attributes.propertyType ?? location.knownAttributes.propertyType ?? null, valuationDate });
  const given = { ...read, attributes: sane.attributes };
  const assumed: string[] = [...location.notes, ...given.notes, ...sane.notes];
  const typicalAttributes: string[] = [];
  const attributes: PropertyAttributes = { ...definedAttributes(location.knownAttributes as Record<string, unknown>), ...given.attributes };
  for (const key of Object.keys(location.knownAttributes) as Array<keyof PropertyAttributes>) {
    if (given.attributes[key] === undefined && location.knownAttributes[key] !== undefined) assumed.push(`${key}: ${String(location.knownAttributes[key])} (${location.knownFrom ?? "from this address's last recorded sale"})`);
  }
  const missing = ATTRIBUTE_KEYS.filter((key) => attributes[key] === undefined);
  let typeExplained = attributes.propertyType !== undefined;
  const table = typicalTable(lookups, index);
  if ((attributes.propertyType === undefined || missing.length > 0) && location.suburb && table) {
    // The gazetteer's names are in capitals ("ABBOTSFORD"); the answer's lines name the locality as the screens do.
    const suburb = formatPlaceName(location.suburb);
    const typicals = table.get(typicalAttributesKey(location.suburb, location.postcode, location.state)) ?? [];
    // The typical values of the requested type only: a unit must not inherit a house's land size.
    const typical = attributes.propertyType === undefined ? typicals[0] : typicals.find((row) => row.propertyType === attributes.propertyType);
    if (!typical && attributes.propertyType !== undefined && missing.length > 0) {
      assumed.push(`no ${attributes.propertyType} sales in ${suburb} in our data: ${missing.join(', ')} left to the model`);
    }
    if (typical) {
      if (attributes.propertyType === undefined && MODEL_TYPES.has(typical.propertyType)) {
        attributes.propertyType = typical.propertyType as PropertyType;
        typeExplained = true;
        typicalAttributes.push('propertyType');
        assumed.push(
          given.unknownType
            ? `propertyType: ${typical.propertyType} ("${given.unknownType}" is not a property type we know; ${typical.propertyType} is the most sold type in ${suburb})`
            : `propertyType: ${typical.propertyType} (the most sold type in ${suburb})`,
        );
      }
      const fill = fillFromTypical(attributes, typical, suburb);
      Object.assign(attributes, fill.attributes);
      typicalAttributes.push(...fill.filled);
      assumed.push(...fill.notes);
      const widened = typicalAttributes.length > 0 ? describeFilledRange(filledScaleOf(lookups.filledScale, location.state)) : null;
      if (widened) assumed.push(widened);
    }
  }
  if (given.unknownType && !typeExplained) assumed.push(`propertyType: "${given.unknownType}" is not a property type we know and the locality has no typical type: left to the model`);
  return { attributes, assumed, typicalAttributes, leftToModel: ATTRIBUTE_KEYS.filter((key) => attributes[key] === undefined) };
}

function dropUndefined<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

/** Today as YYYY-MM-DD (the valuation date when no index and no date are at hand). */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Places the property and completes its attributes (see the module comment). Throws AppError
 * NOT_FOUND when it cannot be placed. `request.asAt` and `index` (default lookups.index) date the
 * valuation for the checks of the given attributes (resolveAsAt: the market's rule).
 */
export async function resolveSubject(
  database: Database,
  lookups: SubjectLookups,
  request: SubjectRequest & { asAt?: string },
  loaded?: LoadedRecords,
  index: SalesIndex | undefined = lookups.index,
): Promise<ResolvedSubject> {
  const placed = await placeSubject(database, lookups, request, loaded);
  const valuationDate = index ? resolveAsAt(index, placed.state, request.asAt).asAt : (request.asAt ?? today());
  const { attributes, assumed, typicalAttributes, leftToModel } = completeAttributes(lookups, index, placed, request, valuationDate);
  const { address, suburb, state, postcode, lat, lng, locationPrecision, knownAddress } = placed;
  const subject: SubjectRequestFields = dropUndefined({ ...placed.subject, attributes: request.attributes });
  return { location: { address, suburb, state, postcode, lat, lng, locationPrecision, knownAddress }, attributes, assumed, typicalAttributes, leftToModel, subject };
}

/** A subject resolved and dated: the first step of every door (API, screens, reports, certificates, original client, CLI). */
export interface DatedSubject {
  resolved: ResolvedSubject;
  market: MarketAsAt;
  asAt: string;
  /** The resolution's assumptions, with the as-at date's when it was not asked for or was capped. */
  assumed: string[];
}

/**
 * Resolves what names a property (resolveSubject) and the date it is valued as at (the market's
 * rule, resolveAsAt of the engines): `request.asAt` when given and not past the market's data.
 */
export async function resolveDatedSubject(
  database: Database,
  lookups: SubjectLookups,
  index: SalesIndex,
  request: SubjectRequest & { asAt?: string },
  loaded?: LoadedRecords,
): Promise<DatedSubject> {
  const resolved = await resolveSubject(database, lookups, request, loaded, index);
  const market = resolveAsAt(index, { state: resolved.location.state, lat: resolved.location.lat, lng: resolved.location.lng }, request.asAt);
  const assumed = [...resolved.assumed];
  const dateAssumed = asAtAssumption(market, request.asAt);
  if (dateAssumed) assumed.push(dateAssumed);
  const subject = request.asAt === undefined ? resolved.subject : { ...resolved.subject, asAt: request.asAt };
  return { resolved: { ...resolved, subject }, market, asAt: market.asAt, assumed };
}

/** The valuation engine's subject of a resolved property (the same for the API and the CLI). */
export function toSubjectProperty(resolved: ResolvedSubject): SubjectProperty {
  const { location, attributes } = resolved;
  return {
    lat: location.lat,
    lng: location.lng,
    // Coordinates with an address that is not one of our sales' are a point, not an address whose own sales count.
    address: location.locationPrecision === 'coordinates' && !location.knownAddress ? null : location.address,
    state: location.state ?? undefined,
    suburb: location.suburb ?? undefined,
    postcode: location.postcode ?? undefined,
    ...attributes,
    // The range widens when any attribute is the locality's typical value (value-property.ts).
    ...(resolved.typicalAttributes.length > 0 ? { filledFromTypical: resolved.typicalAttributes.length } : {}),
  };
}
