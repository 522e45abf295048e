import { AU_STATES, type AuState } from '@propguard/schemas';

/**
 * Street types as Australian listings write them, mapped to one abbreviation. Melbourne's data
 * abbreviates ("St", "Rd", "Av", "Ri", "Mw"), Perth's spells them out ("Street", "Road", "Avenue",
 * "Rise", "Mews"); both normalise to the abbreviations below (after Australia Post's street type
 * abbreviations, and Melbourne's own where it writes another: "Ri", "Mw", "Vs", "Prm"). The list
 * holds every type either source writes both ways.
 */
const STREET_TYPES: Record<string, string> = {
  STREET: 'ST', ST: 'ST', ROAD: 'RD', RD: 'RD', AVENUE: 'AV', AVE: 'AV', AV: 'AV', COURT: 'CT', CT: 'CT',
  DRIVE: 'DR', DR: 'DR', CRESCENT: 'CR', CRES: 'CR', CR: 'CR', GROVE: 'GR', GR: 'GR', PARADE: 'PDE', PDE: 'PDE',
  PLACE: 'PL', PL: 'PL', CLOSE: 'CL', CL: 'CL', WAY: 'WY', WY: 'WY', LANE: 'LA', LN: 'LA', LA: 'LA',
  BOULEVARD: 'BVD', BLVD: 'BVD', BVD: 'BVD', TERRACE: 'TCE', TCE: 'TCE', CIRCUIT: 'CCT', CCT: 'CCT',
  HIGHWAY: 'HWY', HWY: 'HWY', LOOP: 'LOOP', CIRCLE: 'CIR', CIR: 'CIR', SQUARE: 'SQ', SQ: 'SQ', ESPLANADE: 'ESP', ESP: 'ESP',
  RISE: 'RI', RI: 'RI', WALK: 'WK', WK: 'WK', MEWS: 'MW', MW: 'MW', QUADRANT: 'QD', QD: 'QD', VIEW: 'VW', VW: 'VW',
  PROMENADE: 'PRM', PROM: 'PRM', PRM: 'PRM', VISTA: 'VS', VS: 'VS', GARDENS: 'GDNS', GDNS: 'GDNS', CHASE: 'CH', CH: 'CH',
  GREEN: 'GRN', GRN: 'GRN', BEND: 'BND', BND: 'BND', PARKWAY: 'PWY', PWY: 'PWY', HEIGHTS: 'HTS', HTS: 'HTS',
  ENTRANCE: 'ENT', ENT: 'ENT', APPROACH: 'APP', APP: 'APP', RIDGE: 'RDGE', RDGE: 'RDGE', TRAIL: 'TRL', TRL: 'TRL',
};

/**
 * A unit written the long way at the start of an address, as "unit/number": "Unit 1, 21 Smith St",
 * "Unit 1/21 Smith St", "U1/21 Smith St", "Apt 1 21 Smith St" and "1 / 21 Smith St" all become
 * "1/21 Smith St", the sources' form ("3/82 Glass St"). Nothing else in the text changes.
 */
const UNIT_PREFIX = /^\s*(?:unit|u|apartment|apt|flat|suite|villa)\s*\.?\s*(\d+[a-z]?)\s*[,/\s]\s*(\d+[a-z]?(?:-\d+[a-z]?)?)(?=\s)/i;
const SPACED_SLASH = /^\s*(\d+[a-z]?)\s*\/\s*(\d+[a-z]?(?:-\d+[a-z]?)?)(?=\s)/i;

export function canonicalUnitForm(text: string): string {
  return text.replace(UNIT_PREFIX, '$1/$2').replace(SPACED_SLASH, '$1/$2');
}

/**
 * The one key of a street line, however it is written: case, punctuation, street types ("St",
 * "Street") and unit forms ("Unit 1, 21", "1/21") do not change it.
 * @example streetLineKey('Unit 1, 21 Smith Street') // '1/21 SMITH ST'
 */
export function streetLineKey(line: string): string {
  let key = streetLineKeys.get(line);
  if (key === undefined) {
    key = normaliseAddressText(canonicalUnitForm(line));
    if (streetLineKeys.size >= STREET_LINE_KEYS_KEPT) streetLineKeys.clear();
    streetLineKeys.set(line, key);
  }
  return key;
}

/** Keys already computed: a batch asks for the same line several times per row (address book, own sale). */
const streetLineKeys = new Map<string, string>();
const STREET_LINE_KEYS_KEPT = 200_000;

export interface ParsedAddress {
  /** Upper-cased, punctuation and repeated spaces removed, street types abbreviated. */
  normalised: string;
  /** "12", "12A" or "3/12" (unit/number) when the text starts with a number. */
  streetNumber: string | null;
  /** The street line without the number, normalised ("COLLINS ST"). */
  street: string | null;
  suburb: string | null;
  state: AuState | null;
  postcode: string | null;
}

/** The words of a text: upper-cased, punctuation except "/" and "-" dropped. */
function wordsOf(text: string): string[] {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9/\- ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Upper-cases, drops punctuation except "/" and "-" and collapses spaces; words are kept as written (a place name: "BANKSIA GROVE"). */
export function normalisePlaceText(text: string): string {
  return wordsOf(text).join(' ');
}

/** Upper-cases, drops punctuation except "/" and "-", collapses spaces and abbreviates street types. */
export function normaliseAddressText(text: string): string {
  return wordsOf(text)
    .map((word) => STREET_TYPES[word] ?? word)
    .join(' ');
}

const STATE_SET = new Set<string>(AU_STATES);
const NUMBER_PATTERN = /^(\d+[A-Z]?(?:\/\d+[A-Z]?)?|[A-Z]?\d+\/\d+[A-Z]?)$/;

/**
 * Splits a typed Australian address into its parts. Accepts "85 Turner St, Abbotsford VIC 3067",
 * "85 Turner Street Abbotsford", "Unit 3, 12 Smith St, Richmond" (read as "3/12 Smith St"),
 * "Abbotsford VIC 3067" or "3067".
 * @example parseAddress('85 Turner St, Abbotsford VIC 3067')
 *   // { streetNumber: '85', street: 'TURNER ST', suburb: 'ABBOTSFORD', state: 'VIC', postcode: '3067', ... }
 */
export function parseAddress(typedText: string): ParsedAddress {
  const text = canonicalUnitForm(typedText);
  const normalised = normaliseAddressText(text);
  // Each part's words as typed (upper case) and abbreviated: a street type is abbreviated in the
  // street only, never in the suburb ("LANE COVE", "BANKSIA GROVE" stay as they are).
  const parts = text
    .split(',')
    .map((part) => wordsOf(part))
    .filter((part) => part.length > 0);
  const rawWords = wordsOf(text);
  const words = rawWords.map((word) => STREET_TYPES[word] ?? word);

  let postcode: string | null = null;
  let state: AuState | null = null;
  // Postcode and state are read from the end of the text.
  let end = words.length;
  if (end > 0 && /^\d{4}$/.test(words[end - 1] ?? '') && !(end === 1 && parts.length > 1)) {
    postcode = words[end - 1] ?? null;
    end -= 1;
  }
  if (end > 0 && STATE_SET.has(words[end - 1] ?? '')) {
    state = words[end - 1] as AuState;
    end -= 1;
  }
  const tail = words.slice(0, end);
  const rawTail = rawWords.slice(0, end);

  const first = tail[0] ?? '';
  const streetNumber = NUMBER_PATTERN.test(first) && tail.length > 1 ? first : null;

  let street: string | null = null;
  let suburb: string | null = null;
  if (parts.length >= 2) {
    // "street, suburb STATE postcode"
    const streetPart = (parts[0] ?? []).map((word) => STREET_TYPES[word] ?? word).join(' ');
    street = streetNumber && streetPart.startsWith(`${streetNumber} `) ? streetPart.slice(streetNumber.length + 1) : streetNumber ? null : streetPart;
    // The suburb is the last part left once the state and postcode are taken out
    // ("ABBOTSFORD VIC 3067", or "ABBOTSFORD" followed by a part "VIC 3067").
    for (const part of parts.slice(1).reverse()) {
      const localityWords = part.filter((word) => word !== state && word !== postcode);
      if (localityWords.length > 0) {
        suburb = localityWords.join(' ');
        break;
      }
    }
  } else if (streetNumber) {
    // "85 TURNER ST ABBOTSFORD": the suburb follows the street type, when there is one.
    const rest = tail.slice(1);
    const typeIndex = rest.findIndex((word, index) => index > 0 && Object.values(STREET_TYPES).includes(word));
    if (typeIndex >= 0) {
      street = rest.slice(0, typeIndex + 1).join(' ');
      suburb = rawTail.slice(typeIndex + 2).join(' ') || null;
    } else {
      street = rest.join(' ') || null;
    }
  } else {
    suburb = rawTail.join(' ') || null;
  }
  return { normalised, streetNumber, street: street || null, suburb, state, postcode };
}
