import { performance } from 'node:perf_hooks';
import { getAddressRecord, getLocalityRecord, loadAddressSearchEntries, type AddressRecord, type Database, type LocalityRecord } from '@propguard/db';
import { AppError, HAZARD_YEAR_MIN, type AddressProperty, type AddressSuggestionsResponse } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { assessLocation } from '../hazards/hazard-service.ts';
import { buildAddressIndex, buildAddressIndexInSteps, toDisplayName, type AddressIndex, type AddressIndexState } from './address-index.ts';
import { redactPaths } from '../../http/redact.ts';


/**
 * The address suggestions' index: every address and locality read (from a snapshot in
 * `snapshotDir` while the tables are unchanged) and indexed, at once or (`inSteps`) in steps that
 * leave the event loop free between them.
 */
export async function loadAddressIndex(database: Database, snapshotDir?: string, inSteps = false): Promise<AddressIndexState> {
  const started = performance.now();
  try {
    const entries = await loadAddressSearchEntries(database, snapshotDir);
    const index = inSteps ? await buildAddressIndexInSteps(entries) : buildAddressIndex(entries);
    return { ready: true, index, loadMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ready: false, reason: `The address index could not be built: ${redactPaths((error as Error).message)}` };
  }
}

/**
 * The address index built after the server says ready (issue 32: the first page needs it only once
 * someone types): a state that says so at once, and fills itself in when `build` is done. A call
 * that needs the index meanwhile waits for it (requireAddressIndex).
 */
export function addressIndexInBackground(build: () => Promise<AddressIndexState>, onBuilt: (state: AddressIndexState) => void = () => undefined): AddressIndexState {
  const state: AddressIndexState = { ready: false, reason: 'The address suggestions are being built (a few seconds after start): ask again in a moment.' };
  state.whenBuilt = build().then((built) => {
    delete state.whenBuilt;
    Object.assign(state, built);
    onBuilt(state);
  });
  return state;
}

async function requireAddressIndex(context: AppContext): Promise<AddressIndex> {
  if (!context.addressIndex.ready && context.addressIndex.whenBuilt) await context.addressIndex.whenBuilt;
  // Read again: the build has filled the state in.
  const state = context.addressIndex as AddressIndexState;
  if (!state.ready) throw new AppError('SERVICE_UNAVAILABLE', state.reason);
  return state.index;
}

/** The autocomplete action: the best suggestions for what was typed, best first. */
export async function suggestAddresses(context: AppContext, query: string, limit: number): Promise<AddressSuggestionsResponse> {
  const index = await requireAddressIndex(context);
  const started = performance.now();
  const suggestions = index.search(query, limit);
  return { suggestions, source: index.source, tookMs: Math.round((performance.now() - started) * 100) / 100 };
}

/** Present-day flood, fire and coastal scores at a point, or null when the hazard layers are not loaded. */
function riskDataAt(context: AppContext, coordinates: { lat: number; lng: number } | null): AddressProperty['riskData'] {
  if (!coordinates || !context.hazards.ready) return null;
  const report = assessLocation(context, { lat: coordinates.lat, lng: coordinates.lng, scenario: context.climateOutlook.scenario, year: HAZARD_YEAR_MIN });
  const scoreOf = (hazard: string) => report.assessments.find((assessment) => assessment.hazard === hazard)?.score ?? 0;
  return { flood: scoreOf('flood'), fire: scoreOf('fire'), coastal: scoreOf('coastal') };
}

function coordinatesOf(lat: number | null, lng: number | null): { lat: number; lng: number } | null {
  return lat === null || lng === null ? null : { lat, lng };
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function describeAddress(record: AddressRecord): { description: string; features: string[] } {
  const features: string[] = [];
  if (record.bedrooms !== null) features.push(`${record.bedrooms} bedrooms`);
  if (record.bathrooms !== null) features.push(`${record.bathrooms} bathrooms`);
  if (record.carSpaces !== null) features.push(`${record.carSpaces} car spaces`);
  if (record.landSizeM2 !== null) features.push(`Land ${Math.round(record.landSizeM2).toLocaleString('en-AU')} m²`);
  if (record.buildingSizeM2 !== null) features.push(`Building ${Math.round(record.buildingSizeM2).toLocaleString('en-AU')} m²`);
  if (record.yearBuilt !== null) features.push(`Built ${record.yearBuilt}`);
  const sales = `${record.saleCount.toLocaleString('en-AU')} ${record.saleCount === 1 ? 'sale' : 'sales'} in our data`;
  const last = record.lastSaleDate ? `, the latest on ${record.lastSaleDate}${record.lastPriceAud !== null ? ` for $${record.lastPriceAud.toLocaleString('en-AU')}` : ''}` : '';
  return { description: `${capitalise(record.propertyType ?? 'property')} with ${sales}${last}.`, features };
}

function addressProperty(context: AppContext, record: AddressRecord): AddressProperty {
  const suburb = toDisplayName(record.suburb);
  const place = [suburb, record.state, record.postcode].filter(Boolean).join(' ');
  const coordinates = coordinatesOf(record.lat, record.lng);
  return {
    id: `address-${record.id}`,
    kind: 'address',
    address: `${record.address}, ${place}`,
    street: record.address,
    suburb,
    state: record.state,
    postcode: record.postcode,
    propertyType: record.propertyType,
    coordinates,
    locationPrecision: record.locationPrecision === 'address' || record.locationPrecision === 'locality' ? record.locationPrecision : null,
    bedrooms: record.bedrooms,
    bathrooms: record.bathrooms,
    carSpaces: record.carSpaces,
    landSize: record.landSizeM2,
    buildingSize: record.buildingSizeM2,
    yearBuilt: record.yearBuilt,
    ...describeAddress(record),
    media: [],
    riskData: riskDataAt(context, coordinates),
    lastSale: record.lastSaleDate ? { date: record.lastSaleDate, priceAud: record.lastPriceAud } : null,
    saleCount: record.saleCount,
    listingId: record.latestSaleId === null ? null : `sale-${record.latestSaleId}`,
  };
}

function localityProperty(context: AppContext, record: LocalityRecord): AddressProperty {
  const name = toDisplayName(record.name);
  const coordinates = coordinatesOf(record.lat, record.lng);
  const area = record.lgaName ? ` in ${record.lgaName}` : '';
  return {
    id: `locality-${record.id}`,
    kind: 'locality',
    address: `${name} ${record.state} ${record.postcode}`,
    street: null,
    suburb: name,
    state: record.state,
    postcode: record.postcode,
    propertyType: null,
    coordinates,
    locationPrecision: coordinates ? 'locality' : null,
    bedrooms: null,
    bathrooms: null,
    carSpaces: null,
    landSize: null,
    buildingSize: null,
    yearBuilt: null,
    description: `Locality${area} (${record.type || 'gazetteer locality'}); ${record.saleCount.toLocaleString('en-AU')} sales of it in our data.`,
    features: [],
    media: [],
    riskData: riskDataAt(context, coordinates),
    lastSale: null,
    saleCount: record.saleCount,
    listingId: null,
  };
}

/** The details action: the address or locality of a suggestion id, or 404. */
export async function getAddressDetails(context: AppContext, propertyId: string): Promise<AddressProperty> {
  const [kind, rawId] = propertyId.split('-') as [string, string];
  const id = Number(rawId);
  if (kind === 'address') {
    const record = Number.isSafeInteger(id) && id <= 2_147_483_647 ? await getAddressRecord(context.database, id) : null;
    if (record) return addressProperty(context, record);
  } else {
    const record = Number.isSafeInteger(id) && id <= 2_147_483_647 ? await getLocalityRecord(context.database, id) : null;
    if (record) return localityProperty(context, record);
  }
  throw new AppError('NOT_FOUND', `No address or locality with id ${propertyId}`);
}
