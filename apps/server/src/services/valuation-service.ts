import { countSuburbSalesByState, findAddressCandidates, findLocality, findNearestLocality, findTypicalAttributes, type Database, type TypicalAttributes } from '@propguard/db';
import { choosePlace, parseAddress, pickAddressMatch, resolveAsAt, valueProperty } from '@propguard/engines';
import { AppError, type PropertyAttributes, type PropertyType, type ValuationRequest, type ValuationResult } from '@propguard/schemas';
import type { AppContext } from './app-context.ts';
import { addressBookKey, type ValuationRuntime } from './valuation-runtime.ts';

interface ResolvedLocation {
  address: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  lat: number;
  lng: number;
  locationPrecision: 'address' | 'locality' | 'coordinates';
  /** Attributes of the address's latest sale, when the address is one we know. */
  knownAttributes: PropertyAttributes;
  notes: string[];
}

const ATTRIBUTE_KEYS = ['bedrooms', 'bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2', 'yearBuilt'] as const;
const PROPERTY_TYPES: readonly string[] = ['house', 'unit', 'townhouse', 'villa', 'land', 'other'];

function definedAttributes(source: Record<string, unknown>): PropertyAttributes {
  const attributes: Record<string, unknown> = {};
  for (const key of [...ATTRIBUTE_KEYS, 'propertyType'] as const) {
    const value = source[key];
    if (value !== null && value !== undefined) attributes[key] = value;
  }
  return attributes as PropertyAttributes;
}

/** Places the request: a known street address, else its locality's centre, else the coordinates given. */
async function resolveLocation(database: Database, runtime: ValuationRuntime, request: ValuationRequest): Promise<ResolvedLocation> {
  if (request.lat !== undefined && request.lng !== undefined) {
    const nearest = request.suburb ? null : await findNearestLocality(database, request.lat, request.lng);
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
    // Exact look-up in memory first; the trigram search only for typos or a missing suburb.
    const exact = typed.suburb ? runtime.addressBook.get(addressBookKey(`${parsed.streetNumber} ${parsed.street}`, typed.suburb)) ?? [] : [];
    const match = pickAddressMatch(typed, exact) ?? pickAddressMatch(typed, await findAddressCandidates(database, parsed.normalised));
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
  const choice = suburb && !state && !postcode ? choosePlace(suburb, await countSuburbSalesByState(database, suburb)) : null;
  const locality = await findLocality(database, { suburb, state: state ?? choice?.state ?? null, postcode });
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

/** Fills the attributes the caller did not give: the address's last sale, else the locality's typical values. */
async function completeAttributes(database: Database, runtime: ValuationRuntime, location: ResolvedLocation, given: PropertyAttributes): Promise<{ attributes: PropertyAttributes; assumed: string[] }> {
  const assumed: string[] = [...location.notes];
  const attributes: PropertyAttributes = { ...definedAttributes(location.knownAttributes as Record<string, unknown>), ...definedAttributes(given as Record<string, unknown>) };
  for (const key of Object.keys(location.knownAttributes) as Array<keyof PropertyAttributes>) {
    if (given[key] === undefined && location.knownAttributes[key] !== undefined) assumed.push(`${key}: ${String(location.knownAttributes[key])} (from this address's last recorded sale)`);
  }
  const missing = ATTRIBUTE_KEYS.filter((key) => attributes[key] === undefined);
  if ((attributes.propertyType === undefined || missing.length > 0) && location.suburb) {
    const cacheKey = `${location.suburb}|${location.postcode ?? ''}|${location.state ?? ''}`.toUpperCase();
    let typicals = runtime.typicalCache.get(cacheKey);
    if (!typicals) {
      typicals = await findTypicalAttributes(database, { suburb: location.suburb, postcode: location.postcode, state: location.state });
      runtime.typicalCache.set(cacheKey, typicals);
    }
    // The typical values of the requested type only: a unit must not inherit a house's land size.
    const typical = attributes.propertyType === undefined ? typicals[0] : typicals.find((row) => row.propertyType === attributes.propertyType);
    if (!typical && attributes.propertyType !== undefined && missing.length > 0) {
      assumed.push(`no ${attributes.propertyType} sales in ${location.suburb} in our data: ${missing.join(', ')} left to the model`);
    }
    if (typical) {
      if (attributes.propertyType === undefined && PROPERTY_TYPES.includes(typical.propertyType)) {
        attributes.propertyType = typical.propertyType as PropertyType;
        assumed.push(`propertyType: ${typical.propertyType} (the most sold type in ${location.suburb})`);
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
  return { attributes, assumed };
}

/** Values one property described by a request: place it, complete its attributes, run the model. */
export async function valueRequest(context: AppContext, runtime: ValuationRuntime, request: ValuationRequest): Promise<ValuationResult> {
  const location = await resolveLocation(context.database, runtime, request);
  const { attributes, assumed } = await completeAttributes(context.database, runtime, location, request.attributes ?? {});
  const market = resolveAsAt(runtime.index, location.state, request.asAt);
  const asAt = market.asAt;
  if (request.asAt === undefined || market.capped) assumed.push(`asAt: ${asAt} (${market.note})`);
  const valuation = valueProperty(runtime.model, runtime.index, {
    lat: location.lat,
    lng: location.lng,
    address: location.locationPrecision === 'coordinates' ? null : location.address,
    state: location.state ?? undefined,
    suburb: location.suburb ?? undefined,
    postcode: location.postcode ?? undefined,
    ...attributes,
  }, { asAt });
  return {
    ...valuation,
    asAt,
    market: { name: market.market, state: market.state, lastSaleDate: market.marketLastSaleDate, capped: market.capped, note: market.note },
    property: {
      address: location.address,
      suburb: location.suburb,
      state: location.state,
      postcode: location.postcode,
      lat: location.lat,
      lng: location.lng,
      locationPrecision: location.locationPrecision,
      attributes,
    },
    assumed,
    dataSource: 'live',
  };
}
