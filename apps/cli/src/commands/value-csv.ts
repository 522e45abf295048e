/**
 * `propguard value --csv IN --out OUT`: value every row of a CSV (DESIGN.md section 3, batch
 * interface). The model, the sales index and the gazetteer are loaded once; each row is valued as
 * at its `date` with `valuePoint` (no explanations, so thousands of rows a second), under the
 * valuation date rule of the server (resolveAsAt): no date, or a date past the row's market's latest
 * sale, values it as at that latest sale, and the `as_at` column says which date was used. A row that
 * cannot be valued gets an `error` and empty estimate columns; it never stops the run. Columns
 * other than the known ones pass through unchanged.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadIndexedSales, loadLocalityPoints, type Database, type LocalityPoint } from '@propguard/db';
import { buildSalesIndex, parseValuationModel, resolveAsAt, valuePoint, type SalesIndex, type SubjectProperty, type ValuationModel } from '@propguard/engines';

const OUTPUT_COLUMNS = ['estimate', 'low', 'high', 'confidence', 'as_at', 'error'] as const;
const PROPERTY_TYPES = new Set(['house', 'unit', 'townhouse', 'villa', 'land', 'other']);
const STATES = new Set(['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT']);

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (inQuotes) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else inQuotes = false;
      } else field += char;
    } else if (char === '"') inQuotes = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => !(cells.length === 1 && cells[0] === ''));
}

export function formatCsvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export interface ValueCsvDependencies {
  model: ValuationModel;
  index: SalesIndex;
  localities: LocalityPoint[];
}

/** Gazetteer lookup by SUBURB|POSTCODE, preferring Delivery Area rows. */
function buildLocalityLookup(localities: readonly LocalityPoint[]): Map<string, LocalityPoint> {
  const lookup = new Map<string, LocalityPoint>();
  for (const locality of localities) {
    for (const key of [`${locality.name.toUpperCase()}|${locality.postcode}`, `${locality.name.toUpperCase()}|${locality.state}`]) {
      const existing = lookup.get(key);
      if (!existing || (!existing.isDeliveryArea && locality.isDeliveryArea)) lookup.set(key, locality);
    }
  }
  return lookup;
}

/** "12 Smith St, Richmond VIC 3121" -> suburb, state and postcode (the address's tail). */
function parseAddressTail(address: string): { suburb: string; state: string; postcode: string } | null {
  const match = /,\s*([A-Za-z' -]+?)\s+(NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s+(\d{4})\s*$/i.exec(address);
  return match ? { suburb: match[1]!.trim(), state: match[2]!.toUpperCase(), postcode: match[3]! } : null;
}

function parseOptionalNumber(raw: string | undefined, column: string, errors: string[]): number | null {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) {
    errors.push(`${column} is not a number: "${text}"`);
    return null;
  }
  return value;
}

type RowOutcome = { estimate: number; low: number; high: number; confidence: number; as_at: string } | { error: string };

function valueRow(record: Record<string, string>, dependencies: ValueCsvDependencies, lookup: Map<string, LocalityPoint>): RowOutcome {
  const errors: string[] = [];
  const date = (record.date ?? '').trim();
  if (date !== '' && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))) return { error: `date must be YYYY-MM-DD or empty, got "${date}"` };
  const number = (column: string) => parseOptionalNumber(record[column], column, errors);
  let lat = number('lat');
  let lng = number('lng');
  const address = (record.address ?? '').trim();
  let suburb = (record.suburb ?? '').trim();
  let state = (record.state ?? '').trim().toUpperCase();
  let postcode = (record.postcode ?? '').trim();
  const tail = address ? parseAddressTail(address) : null;
  if (tail) {
    suburb ||= tail.suburb;
    state ||= tail.state;
    postcode ||= tail.postcode;
  }
  if (state && !STATES.has(state)) errors.push(`unknown state "${state}"`);
  if ((lat === null) !== (lng === null)) errors.push('lat and lng go together');
  if (lat !== null && lng !== null && (lat < -44 || lat > -9 || lng < 112 || lng > 154)) errors.push('lat/lng outside Australia');
  if (lat === null || lng === null) {
    const locality = suburb ? (lookup.get(`${suburb.toUpperCase()}|${postcode}`) ?? (state ? lookup.get(`${suburb.toUpperCase()}|${state}`) : undefined)) : undefined;
    if (!locality) {
      if (!address && !suburb) return { error: 'a row needs an address, lat and lng, or suburb and postcode' };
      return { error: `cannot place the property: no coordinates and no gazetteer locality for "${suburb || address}" ${postcode}`.trim() };
    }
    lat = locality.lat;
    lng = locality.lng;
    state ||= locality.state;
  }
  const propertyType = (record.property_type ?? '').trim().toLowerCase();
  if (propertyType && !PROPERTY_TYPES.has(propertyType)) errors.push(`unknown property_type "${propertyType}"`);
  const subject: SubjectProperty = {
    lat,
    lng,
    address: address ? address.split(',')[0]!.trim() : null,
    state: state || null,
    suburb: suburb || null,
    postcode: postcode || null,
    propertyType: propertyType || null,
    bedrooms: number('bedrooms'),
    bathrooms: number('bathrooms'),
    carSpaces: number('car_spaces'),
    landSizeM2: number('land_size'),
    buildingSizeM2: number('building_size'),
    yearBuilt: number('year_built'),
  };
  if (errors.length > 0) return { error: errors.join('; ') };
  const asAt = resolveAsAt(dependencies.index, subject.state, date === '' ? undefined : date).asAt;
  const point = valuePoint(dependencies.model, dependencies.index, subject, asAt);
  if (!Number.isFinite(point.estimate) || point.estimate <= 0) return { error: 'no estimate (no sales before this date near the property)' };
  return { estimate: point.estimate, low: point.low, high: point.high, confidence: point.confidence, as_at: asAt };
}

/** Value a whole CSV text; returns the output CSV text and counts. */
export function valueCsvText(input: string, dependencies: ValueCsvDependencies): { output: string; rows: number; failed: number } {
  const table = parseCsv(input.replace(/^\uFEFF/, ''));
  if (table.length === 0) return { output: `${OUTPUT_COLUMNS.join(',')}\n`, rows: 0, failed: 0 };
  const header = table[0]!.map((name) => name.trim());
  const normalised = header.map((name) => name.toLowerCase());
  const outputHeader = [...header, ...OUTPUT_COLUMNS.filter((column) => !normalised.includes(column))];
  const lookup = buildLocalityLookup(dependencies.localities);
  const lines = [outputHeader.map(formatCsvField).join(',')];
  let failed = 0;
  for (const cells of table.slice(1)) {
    const record: Record<string, string> = {};
    normalised.forEach((name, column) => {
      record[name] = cells[column] ?? '';
    });
    let outcome: RowOutcome;
    try {
      outcome = valueRow(record, dependencies, lookup);
    } catch (error) {
      outcome = { error: `could not value: ${(error as Error).message}` };
    }
    const appended: Record<string, string> =
      'error' in outcome
        ? { estimate: '', low: '', high: '', confidence: '', as_at: '', error: outcome.error }
        : { estimate: String(outcome.estimate), low: String(outcome.low), high: String(outcome.high), confidence: String(outcome.confidence), as_at: outcome.as_at, error: '' };
    if ('error' in outcome) failed += 1;
    const out = outputHeader.map((name, column) => (column < header.length ? (cells[column] ?? '') : appended[name]!));
    lines.push(out.map(formatCsvField).join(','));
  }
  return { output: `${lines.join('\n')}\n`, rows: table.length - 1, failed };
}

export async function runValueCsv(database: Database, options: { csv: string; out: string; model: string }): Promise<number> {
  const startedAt = performance.now();
  const model = parseValuationModel(JSON.parse(readFileSync(options.model, 'utf8')));
  const index = buildSalesIndex(await loadIndexedSales(database));
  const localities = await loadLocalityPoints(database);
  const loadedAt = performance.now();
  const { output, rows, failed } = valueCsvText(readFileSync(options.csv, 'utf8'), { model, index, localities });
  writeFileSync(options.out, output);
  const seconds = (performance.now() - loadedAt) / 1000;
  console.log(
    `Valued ${(rows - failed).toLocaleString('en-AU')} of ${rows.toLocaleString('en-AU')} rows (${failed} with an error) in ${seconds.toFixed(2)} s ` +
      `(${Math.round(rows / Math.max(seconds, 1e-9)).toLocaleString('en-AU')} rows/s; model ${model.id}, loading took ${((loadedAt - startedAt) / 1000).toFixed(1)} s) -> ${options.out}`,
  );
  return 0;
}
