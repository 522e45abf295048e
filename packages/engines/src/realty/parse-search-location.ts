/**
 * `parseSearchLocation`: how the search box's location is read (issue 5, SPEC.md search filter:
 * "location as suburb, postcode, state or a free text").
 */
import { AU_STATES, formatPlaceName, type AuState } from '@propguard/schemas';
import { normaliseAddressText, normalisePlaceText, parseAddress } from '../address/parse-address.ts';

export type SearchLocation =
  | { kind: 'postcode'; postcode: string }
  | { kind: 'state'; state: AuState }
  | { kind: 'city'; city: string; state: AuState; lat: number; lng: number; radiusKm: number }
  | { kind: 'suburb'; suburb: string; state: AuState | null; postcode: string | null }
  | { kind: 'text'; text: string };

const STATE_NAMES: Readonly<Record<string, AuState>> = {
  'NEW SOUTH WALES': 'NSW',
  VICTORIA: 'VIC',
  QUEENSLAND: 'QLD',
  'SOUTH AUSTRALIA': 'SA',
  'WESTERN AUSTRALIA': 'WA',
  TASMANIA: 'TAS',
  'NORTHERN TERRITORY': 'NT',
  'AUSTRALIAN CAPITAL TERRITORY': 'ACT',
};

/**
 * Capital cities searched as a whole: 50 km around the city centre (the GPO; coordinates to
 * three decimals, from the ABS 2021 gazetteer points of each CBD locality). A bare "Sydney" means
 * the city; "Sydney NSW 2000" is the suburb.
 */
export const CAPITAL_CITIES: Readonly<Record<string, { state: AuState; lat: number; lng: number }>> = {
  SYDNEY: { state: 'NSW', lat: -33.868, lng: 151.207 },
  MELBOURNE: { state: 'VIC', lat: -37.814, lng: 144.963 },
  BRISBANE: { state: 'QLD', lat: -27.468, lng: 153.028 },
  PERTH: { state: 'WA', lat: -31.952, lng: 115.857 },
  ADELAIDE: { state: 'SA', lat: -34.929, lng: 138.601 },
  HOBART: { state: 'TAS', lat: -42.882, lng: 147.327 },
  DARWIN: { state: 'NT', lat: -12.463, lng: 130.842 },
  CANBERRA: { state: 'ACT', lat: -35.281, lng: 149.129 },
};
export const CITY_RADIUS_KM = 50;

const STATE_SET: ReadonlySet<string> = new Set(AU_STATES);
const GREATER = /^GREATER /;

/**
 * Reads a location typed into the search box.
 * @example parseSearchLocation('Richmond, VIC 3121') // { kind: 'suburb', suburb: 'RICHMOND', state: 'VIC', postcode: '3121' }
 * @example parseSearchLocation('3067') // { kind: 'postcode', postcode: '3067' }
 * @example parseSearchLocation('Greater Perth') // { kind: 'city', city: 'PERTH', state: 'WA', ... }
 */
export function parseSearchLocation(text: string): SearchLocation {
  // Place names keep their words ("Banksia Grove", "Avondale Heights" are suburbs, not streets);
  // only a street address, searched as text, has its street types abbreviated.
  const normalised = normalisePlaceText(text);
  if (/^\d{4}$/.test(normalised)) return { kind: 'postcode', postcode: normalised };
  if (STATE_SET.has(normalised)) return { kind: 'state', state: normalised as AuState };
  const stateByName = STATE_NAMES[normalised];
  if (stateByName) return { kind: 'state', state: stateByName };
  const cityName = normalised.replace(GREATER, '');
  const city = CAPITAL_CITIES[cityName];
  if (city) return { kind: 'city', city: cityName, ...city, radiusKm: CITY_RADIUS_KM };

  const words = normalised.split(' ').filter(Boolean);
  let postcode: string | null = null;
  let state: AuState | null = null;
  if (words.length > 1 && /^\d{4}$/.test(words[words.length - 1] ?? '')) postcode = words.pop() ?? null;
  if (words.length > 1 && STATE_SET.has(words[words.length - 1] ?? '')) state = words.pop() as AuState;
  // A leading street number means an address: searched as text.
  if (words.length === 0 || /^\d/.test(words[0] ?? '')) return { kind: 'text', text: normaliseAddressText(text) };
  return { kind: 'suburb', suburb: words.join(' '), state, postcode };
}

/**
 * How a parsed location reads in a sentence.
 * @example describeLocation({ kind: 'suburb', suburb: 'RICHMOND', state: 'VIC', postcode: '3121' }) // 'suburb Richmond (VIC) 3121' (names in formatPlaceName's case)
 */
export function describeLocation(location: SearchLocation): string {
  switch (location.kind) {
    case 'postcode':
      return `postcode ${location.postcode}`;
    case 'state':
      return `state ${location.state}`;
    case 'city':
      return `${formatPlaceName(location.city)} (${location.state}), within ${location.radiusKm} km of the city centre`;
    case 'suburb':
      return `suburb ${formatPlaceName(location.suburb)}${location.state ? ` (${location.state})` : ''}${location.postcode ? ` ${location.postcode}` : ''}`;
    case 'text':
      return `addresses or suburbs containing "${location.text}"`;
  }
}

/**
 * The market location of a typed text: a street address ("85 Turner St, Abbotsford VIC 3067") is
 * read as its suburb, with a note saying so (COMPAT.md, "Exact shapes": clients send a whole street
 * address where a suburb goes); a suburb, postcode, city or state is read as it is.
 * @example marketLocationOf('85 Turner St, Abbotsford VIC 3067') // { location: 'ABBOTSFORD VIC 3067', note: 'Answered for Abbotsford VIC, the suburb of the address given' }
 */
export function marketLocationOf(text: string): { location: string; note: string | null } {
  if (parseSearchLocation(text).kind !== 'text') return { location: text, note: null };
  const address = parseAddress(text);
  if (address.streetNumber === null || address.suburb === null) return { location: text, note: null };
  const place = [address.suburb, address.state].filter(Boolean).join(' ');
  // The note is read by people: the suburb as people write it (the location stays the parsed form the search reads).
  return { location: [place, address.postcode].filter(Boolean).join(' '), note: `Answered for ${formatPlaceName(place)}, the suburb of the address given` };
}
