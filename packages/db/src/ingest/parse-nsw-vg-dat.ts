/**
 * The NSW Valuer General's property sales files (data/nsw-valuer-general-sales-2021q1/SOURCE.md):
 * the text of one `.DAT` file -> its B records (sales) -> the latest download of each sale -> sale
 * records. Pure: no I/O; reading the zips and writing the sales is nsw-vg-sales.ts.
 *
 * A B record is one sale: `B;district;property id;sale counter;download date/time;property name;
 * unit number;house number;street name;locality;post code;area;area type;contract date;settlement
 * date;purchase price;zoning;nature of property;primary purpose;strata lot number;component code;
 * sale code;% interest of sale;dealing number;`. C (legal description), D (purchaser/vendor flags),
 * A (header) and Z (trailer) lines are only counted.
 */
import { parseDateCell, parseNumberCell, parsePostcodeCell, type Parsed } from './field-parsers.ts';
import { reject, type RowResult, type SaleRecord } from './sale-record.ts';

/** The bundled weekly files (data/nsw-valuer-general-sales-2021q1/*.zip). */
export const NSW_VG_DATASET = 'nsw-valuer-general-sales-2021q1';
/** `propguard import nsw-vg`: every imported week is this one source (a sale re-sent later replaces its earlier version). */
export const NSW_VG_IMPORT_SOURCE = 'import:nsw-vg';

/** Positions of a B record's fields (0 is the record type 'B'). */
const FIELD = {
  propertyId: 2,
  downloadedAt: 4,
  unitNumber: 6,
  houseNumber: 7,
  streetName: 8,
  locality: 9,
  postcode: 10,
  area: 11,
  areaType: 12,
  contractDate: 13,
  settlementDate: 14,
  price: 15,
  nature: 17,
  purpose: 18,
  strataLot: 19,
  interest: 22,
  dealingNumber: 23,
} as const;
/** Fields of a B record up to the dealing number (the line ends with one more ';'). */
const B_RECORD_FIELDS = 24;

/**
 * A contract this many years before its settlement is a typing error, not a sale: the longest
 * off-the-plan waits in the bundled files are 5-6 years (Erskineville, Auburn, Telopea); beyond
 * them are contract dates such as 1921-01-21 for a sale settled on 2021-02-11.
 */
export const MAX_CONTRACT_YEARS_BEFORE_SETTLEMENT = 6;

export interface VgBRecord {
  /** The `.DAT` file's name, for messages. */
  file: string;
  /** 1-based line of the file. */
  line: number;
  fields: readonly string[];
}

export interface VgDatFile {
  bRecords: VgBRecord[];
  /** Lines by record type (A header, B sale, C legal description, D purchaser/vendor, Z trailer, anything else); blank lines are not counted. */
  lineCounts: { A: number; B: number; C: number; D: number; Z: number; other: number };
  /** The Z trailer's count of B records (null without a trailer): a smaller count of B lines means a truncated file. */
  trailerBCount: number | null;
}

/** Splits one `.DAT` file's text into its B records and counts the other lines. */
export function readVgDatText(text: string, file: string): VgDatFile {
  const lineCounts = { A: 0, B: 0, C: 0, D: 0, Z: 0, other: 0 };
  const bRecords: VgBRecord[] = [];
  let trailerBCount: number | null = null;
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const fields = line.split(';');
    const type = fields[0] ?? '';
    if (type === 'B') {
      lineCounts.B += 1;
      bRecords.push({ file, line: index + 1, fields });
    } else if (type === 'A' || type === 'C' || type === 'D') {
      lineCounts[type] += 1;
    } else if (type === 'Z') {
      lineCounts.Z += 1;
      const count = Number(fields[2]);
      trailerBCount = fields[2] !== undefined && fields[2] !== '' && Number.isInteger(count) ? count : null;
    } else {
      lineCounts.other += 1;
    }
  }
  return { bRecords, lineCounts, trailerBCount };
}

/** A B record with its sale's identity: the key shared by every version of the sale, and which version this is. */
export interface KeyedVgRecord extends VgBRecord {
  /** 'nsw-vg:<property id>|<dealing number>|<strata lot>' (sales.source_key). */
  key: string;
  /** The download date-time 'YYYY-MM-DDTHH:MM' (sales.source_version): a later one replaces it. */
  version: string;
}

const field = (record: VgBRecord, position: number): string => (record.fields[position] ?? '').trim();

/** The sale's key and version, or why the record cannot be told apart from others. */
export function identifyVgRecord(record: VgBRecord): RowResult<KeyedVgRecord> {
  if (record.fields.length < B_RECORD_FIELDS) {
    return reject('invalid_value', `B record has ${record.fields.length} fields, expected ${B_RECORD_FIELDS} up to the dealing number`);
  }
  const propertyId = field(record, FIELD.propertyId);
  const dealingNumber = field(record, FIELD.dealingNumber);
  if (propertyId === '') return reject('missing_field', 'property id is empty');
  if (dealingNumber === '') return reject('missing_field', 'dealing number is empty');
  const downloadedAt = field(record, FIELD.downloadedAt);
  const download = /^(\d{4})(\d{2})(\d{2}) (\d{2}):(\d{2})$/.exec(downloadedAt);
  if (!download) return reject('invalid_date', `download date/time "${downloadedAt}" is not YYYYMMDD HH:MM`);
  return {
    ok: true,
    adjustments: [],
    value: {
      ...record,
      key: `nsw-vg:${propertyId}|${dealingNumber}|${field(record, FIELD.strataLot)}`,
      version: `${download[1]}-${download[2]}-${download[3]}T${download[4]}:${download[5]}`,
    },
  };
}

export interface VgRecordRejection {
  record: VgBRecord;
  reason: string;
  message: string;
}

export interface LatestVgRecords {
  /** One record per sale: its latest download (the later record when two share a download time). */
  latest: KeyedVgRecord[];
  /** Records replaced by a later download of the same sale. */
  resent: number;
  /** Records without a usable identity. */
  rejected: VgRecordRejection[];
}

/** Keeps the latest download of each sale (property id, dealing number and strata lot), records in the order given. */
export function keepLatestVgRecords(records: Iterable<VgBRecord>): LatestVgRecords {
  const byKey = new Map<string, KeyedVgRecord>();
  const rejected: VgRecordRejection[] = [];
  let resent = 0;
  for (const record of records) {
    const identified = identifyVgRecord(record);
    if (!identified.ok) {
      rejected.push({ record, reason: identified.reason, message: identified.message });
      continue;
    }
    const keyed = identified.value;
    const earlier = byKey.get(keyed.key);
    if (earlier !== undefined) resent += 1;
    if (earlier === undefined || earlier.version <= keyed.version) byKey.set(keyed.key, keyed);
  }
  return { latest: [...byKey.values()], resent, rejected };
}

/**
 * Separates the strata lots sold in one dealing (one property id and dealing number, several lots):
 * each of their B records carries the price of the whole dealing (in the bundled weeks all 228 such
 * dealings of residences and land repeat one price on every lot, e.g. a unit of 27 m² and one of
 * 13 m² in Lilyfield at $380,000 each), so no lot's own price is known and they are left out, as
 * a partial interest is.
 */
export function separateMultiLotDealings(records: readonly KeyedVgRecord[]): { single: KeyedVgRecord[]; multiLot: KeyedVgRecord[] } {
  const dealingOf = (record: KeyedVgRecord) => `${field(record, FIELD.propertyId)}|${field(record, FIELD.dealingNumber)}`;
  const lotsByDealing = new Map<string, number>();
  for (const record of records) lotsByDealing.set(dealingOf(record), (lotsByDealing.get(dealingOf(record)) ?? 0) + 1);
  const single: KeyedVgRecord[] = [];
  const multiLot: KeyedVgRecord[] = [];
  for (const record of records) ((lotsByDealing.get(dealingOf(record)) ?? 0) > 1 ? multiLot : single).push(record);
  return { single, multiLot };
}

/** Upper-case source text as people write it: "O'CONNELL ST" -> "O'Connell St". */
function toTitleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s'/()-])(\p{L})/gu, (_match, before: string, letter: string) => `${before}${letter.toUpperCase()}`);
}

/** "8 C" -> "8C" (a number and its letter); anything else with single spaces. */
function compactNumber(text: string): string {
  const spaced = text.replace(/\s+/g, ' ').trim();
  return /^\d+ [A-Z]$/i.test(spaced) ? spaced.replace(' ', '') : spaced;
}

/** "12/8C Pymble Ave" from unit, house number and street; null without a house number (a street is not an address). */
export function buildVgStreetAddress(unitNumber: string, houseNumber: string, streetName: string): string | null {
  const house = compactNumber(houseNumber);
  const street = streetName.replace(/\s+/g, ' ').trim();
  if (house === '' || street === '') return null;
  const unit = compactNumber(unitNumber);
  return `${unit === '' ? '' : `${unit}/`}${house} ${toTitleCase(street)}`;
}

function parseVgDate(name: string, raw: string): Parsed<string | null> {
  if (raw === '') return { ok: true, value: null };
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  const parsed = match ? parseDateCell(name, `${match[1]}-${match[2]}-${match[3]}`) : null;
  if (!parsed?.ok || parsed.value === null) return reject('invalid_date', `${name} "${raw}" is not a date (YYYYMMDD)`);
  return { ok: true, value: parsed.value.isoDate };
}

function yearsBetween(earlier: string, later: string): number {
  return (Date.parse(later) - Date.parse(earlier)) / (365.25 * 24 * 3600 * 1000);
}

/** Land area in m²: 'M' square metres, 'H' hectares; blank or 0 is unknown (strata units have none). */
function parseVgArea(rawArea: string, rawType: string): Parsed<number | null> {
  const area = parseNumberCell('area', rawArea);
  if (!area.ok || area.value === null || area.value === 0) return area.ok ? { ok: true, value: null } : area;
  const type = rawType.toUpperCase();
  if (type === 'M') return { ok: true, value: area.value };
  if (type === 'H') return { ok: true, value: Math.round(area.value * 10_000 * 100) / 100 };
  if (type === '') return { ok: true, value: null };
  return reject('invalid_value', `area type "${rawType}" is neither M (square metres) nor H (hectares)`);
}

/**
 * The sale of one (latest) B record, or why it is left out: natures other than R (residence) and V
 * (vacant land) and sales of a part share are not dwelling sales (`other_nature`,
 * `partial_interest`); a contract date or price that cannot be read is rejected with the reason.
 * Price limits and the other cleaning rules are applied afterwards, as for every source.
 */
export function parseVgSale(record: KeyedVgRecord, source: string): RowResult<SaleRecord> {
  const value = (position: number) => field(record, position);
  const nature = value(FIELD.nature).toUpperCase();
  const strataLot = value(FIELD.strataLot);
  if (nature !== 'R' && nature !== 'V') {
    return reject('other_nature', `nature of property "${value(FIELD.nature)}" (${value(FIELD.purpose) || 'no purpose given'}) is neither R (residence) nor V (vacant land)`);
  }
  const interest = parseNumberCell('% interest of sale', value(FIELD.interest));
  if (!interest.ok) return interest;
  if (interest.value !== null && interest.value !== 0 && interest.value !== 100) {
    return reject('partial_interest', `a ${interest.value}% interest, not the whole property`);
  }
  const contract = parseVgDate('contract date', value(FIELD.contractDate));
  if (!contract.ok) return contract;
  if (contract.value === null) return reject('missing_field', 'contract date is empty');
  const settlement = parseVgDate('settlement date', value(FIELD.settlementDate));
  if (settlement.ok && settlement.value !== null) {
    if (settlement.value < contract.value) return reject('invalid_date', `contract date ${contract.value} is after the settlement date ${settlement.value}`);
    if (yearsBetween(contract.value, settlement.value) > MAX_CONTRACT_YEARS_BEFORE_SETTLEMENT) {
      return reject('invalid_date', `contract date ${contract.value} is more than ${MAX_CONTRACT_YEARS_BEFORE_SETTLEMENT} years before the settlement date ${settlement.value}`);
    }
  }
  if (contract.value > record.version.slice(0, 10)) return reject('invalid_date', `contract date ${contract.value} is after the file's download date ${record.version.slice(0, 10)}`);
  const price = parseNumberCell('purchase price', value(FIELD.price));
  if (!price.ok) return price;
  if (price.value === null) return reject('missing_field', 'purchase price is empty');
  const suburb = value(FIELD.locality).replace(/\s+/g, ' ');
  if (suburb === '') return reject('missing_field', 'locality is empty');
  const postcode = parsePostcodeCell('post code', value(FIELD.postcode));
  if (!postcode.ok) return postcode;
  const area = parseVgArea(value(FIELD.area), value(FIELD.areaType));
  if (!area.ok) return area;
  return {
    ok: true,
    adjustments: [],
    value: {
      source,
      sourceRow: record.line,
      sourceKey: record.key,
      sourceVersion: record.version,
      address: buildVgStreetAddress(value(FIELD.unitNumber), value(FIELD.houseNumber), value(FIELD.streetName)),
      suburb: toTitleCase(suburb),
      state: 'NSW',
      postcode: postcode.value,
      lat: null,
      lng: null,
      locationPrecision: null,
      // A strata lot is a unit (there is no separate townhouse or villa flag); vacant land is land.
      propertyType: nature === 'V' ? 'land' : strataLot === '' ? 'house' : 'unit',
      propertyTypeRaw: value(FIELD.purpose) || (nature === 'V' ? 'VACANT LAND' : 'RESIDENCE'),
      bedrooms: null,
      bathrooms: null,
      carSpaces: null,
      landSizeM2: area.value,
      buildingSizeM2: null,
      yearBuilt: null,
      priceAud: price.value,
      saleDate: contract.value,
      datePrecision: 'day',
      saleMethod: 'sold',
      // A transfer recorded by the Valuer General, not an auction result: no method was recorded
      // (the market analysis counts a sale with a recorded method towards clearance rates).
      saleMethodRaw: null,
      isMarketSale: false,
      agency: null,
      localityId: null,
    },
  };
}
