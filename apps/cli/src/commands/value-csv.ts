/**
 * `propguard value --csv IN --out OUT`: value every row of a CSV (DESIGN.md section 3, batch
 * interface). A row names its property as the API does: a `listing_id` of search, a
 * `suggestion_id` of the address box, an address, coordinates, or a suburb with its postcode. The model, the sales index and the address book are loaded once. Each row is read as
 * the API's request body (same schema), placed and completed by resolveSubject of packages/db (the
 * server's code path: address book, gazetteer, typical attributes, the property-type vocabulary)
 * and valued as at its `date` with `valuePoint` (the API's estimate without the explanations),
 * under the valuation date rule of the server (resolveAsAt): no date, or a date past the row's
 * market's latest sale, values it as at that latest sale, and the `as_at` column says which date
 * was used. `note` says what was assumed (the API's `assumed`), e.g. an unknown property type
 * valued as the locality's most sold type. A row that cannot be valued gets an `error` and empty
 * estimate columns; it never stops the run. Columns other than the known ones pass through.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadAddressBook, loadAllTypicalAttributes, loadIndexedSales, loadLocalityTable, resolveDatedSubject, toSubjectProperty, type Database, type SubjectLookups } from '@propguard/db';
import { buildSalesIndex, parseValuationModel, valuePoint, type SalesIndex, type ValuationModel } from '@propguard/engines';
import { AppError, toCsv, valuationRequestSchema, type ValuationRequest } from '@propguard/schemas';

const OUTPUT_COLUMNS = ['estimate', 'low', 'high', 'confidence', 'as_at', 'note', 'error'] as const;

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

export interface ValueCsvDependencies {
  database: Database;
  model: ValuationModel;
  index: SalesIndex;
  /** The address book and typical-attribute cache of resolveSubject, loaded once per run. */
  lookups: SubjectLookups;
}

function parseOptionalNumber(raw: string | undefined, column: string, errors: string[]): number | undefined {
  const text = (raw ?? '').trim();
  if (text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) {
    errors.push(`${column} is not a number: "${text}"`);
    return undefined;
  }
  return value;
}

type RowOutcome = { estimate: number; low: number; high: number; confidence: number; as_at: string; note: string } | { error: string };

const COLUMN_OF_FIELD: Readonly<Record<string, string>> = { listingId: 'listing_id', suggestionId: 'suggestion_id', carSpaces: 'car_spaces', landSizeM2: 'land_size', buildingSizeM2: 'building_size', yearBuilt: 'year_built', propertyType: 'property_type', asAt: 'date' };

/** A row as the API's request body, checked by the API's own schema (valuationRequestSchema). */
function toValuationRequest(record: Record<string, string>): { request: ValuationRequest } | { error: string } {
  const errors: string[] = [];
  const number = (column: string) => parseOptionalNumber(record[column], column, errors);
  const text = (column: string) => (record[column] ?? '').trim() || undefined;
  const date = text('date');
  if (date !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))) return { error: `date must be YYYY-MM-DD or empty, got "${date}"` };
  const body = {
    listingId: text('listing_id'),
    suggestionId: text('suggestion_id'),
    address: text('address'),
    suburb: text('suburb'),
    state: text('state')?.toUpperCase(),
    postcode: text('postcode'),
    lat: number('lat'),
    lng: number('lng'),
    asAt: date,
    attributes: {
      propertyType: text('property_type'),
      bedrooms: number('bedrooms'),
      bathrooms: number('bathrooms'),
      carSpaces: number('car_spaces'),
      landSizeM2: number('land_size'),
      buildingSizeM2: number('building_size'),
      yearBuilt: number('year_built'),
    },
  };
  if (errors.length > 0) return { error: errors.join('; ') };
  if (!body.listingId && !body.suggestionId && !body.address && !body.suburb && body.lat === undefined && body.lng === undefined) {
    return { error: 'a row needs a listing_id, a suggestion_id, an address, lat and lng, or suburb and postcode' };
  }
  const parsed = valuationRequestSchema.safeParse(body);
  if (!parsed.success) {
    return {
      error: parsed.error.issues
        .map((issue) => {
          const field = String(issue.path.at(-1) ?? 'row');
          return `${COLUMN_OF_FIELD[field] ?? field}: ${issue.message}`;
        })
        .join('; '),
    };
  }
  return { request: parsed.data };
}

/**
 * One row, valued exactly as POST /api/valuations values the same request: placed and completed by
 * resolveSubject, as at resolveAsAt's date, the estimate of valuePoint (valueProperty's estimate
 * without the explanations). `note` holds what was assumed, as the API's `assumed`.
 */
async function valueRow(record: Record<string, string>, dependencies: ValueCsvDependencies): Promise<RowOutcome> {
  const checked = toValuationRequest(record);
  if ('error' in checked) return checked;
  const { request } = checked;
  let dated;
  try {
    dated = await resolveDatedSubject(dependencies.database, dependencies.lookups, dependencies.index, request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return { error: `cannot place the property: ${error.message}` };
    throw error;
  }
  const { asAt, assumed } = dated;
  const point = valuePoint(dependencies.model, dependencies.index, toSubjectProperty(dated.resolved), asAt);
  if (!Number.isFinite(point.estimate) || point.estimate <= 0) return { error: 'no estimate (no sales before this date near the property)' };
  return { estimate: point.estimate, low: point.low, high: point.high, confidence: point.confidence, as_at: asAt, note: assumed.join('; ') };
}

/** Value a whole CSV text; returns the output CSV text and counts. */
export async function valueCsvText(input: string, dependencies: ValueCsvDependencies): Promise<{ output: string; rows: number; failed: number }> {
  const table = parseCsv(input.replace(/^\uFEFF/, ''));
  if (table.length === 0) return { output: toCsv([[...OUTPUT_COLUMNS]]), rows: 0, failed: 0 };
  const header = table[0]!.map((name) => name.trim());
  const normalised = header.map((name) => name.toLowerCase());
  const outputHeader = [...header, ...OUTPUT_COLUMNS.filter((column) => !normalised.includes(column))];
  const lines: string[][] = [outputHeader];
  let failed = 0;
  for (const cells of table.slice(1)) {
    const record: Record<string, string> = {};
    normalised.forEach((name, column) => {
      record[name] = cells[column] ?? '';
    });
    let outcome: RowOutcome;
    try {
      outcome = await valueRow(record, dependencies);
    } catch (error) {
      outcome = { error: `could not value: ${(error as Error).message}` };
    }
    const appended: Record<string, string> =
      'error' in outcome
        ? { estimate: '', low: '', high: '', confidence: '', as_at: '', note: '', error: outcome.error }
        : { estimate: String(outcome.estimate), low: String(outcome.low), high: String(outcome.high), confidence: String(outcome.confidence), as_at: outcome.as_at, note: outcome.note, error: '' };
    if ('error' in outcome) failed += 1;
    const out = outputHeader.map((name, column) => (column < header.length ? (cells[column] ?? '') : appended[name]!));
    lines.push(out);
  }
  return { output: toCsv(lines), rows: table.length - 1, failed };
}

export async function runValueCsv(database: Database, options: { csv: string; out: string; model: string }): Promise<number> {
  const startedAt = performance.now();
  const model = parseValuationModel(JSON.parse(readFileSync(options.model, 'utf8')));
  const index = buildSalesIndex(await loadIndexedSales(database, { ownSaleRecords: true }));
  // Every locality's typical attributes and every gazetteer locality in one query each: a batch
  // would otherwise ask once per suburb.
  const lookups = {
    addressBook: await loadAddressBook(database),
    typicalCache: await loadAllTypicalAttributes(database),
    placeCache: new Map(),
    localities: await loadLocalityTable(database),
  };
  const loadedAt = performance.now();
  const cpuAtLoad = process.cpuUsage();
  const { output, rows, failed } = await valueCsvText(readFileSync(options.csv, 'utf8'), { database, model, index, lookups });
  writeFileSync(options.out, output);
  const seconds = (performance.now() - loadedAt) / 1000;
  // CPU time of this process as well: on a shared machine the wall-clock rate says more about the neighbours.
  const cpu = process.cpuUsage(cpuAtLoad);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `Valued ${(rows - failed).toLocaleString('en-AU')} of ${rows.toLocaleString('en-AU')} rows (${failed} with an error) in ${seconds.toFixed(2)} s ` +
      `(${Math.round(rows / Math.max(seconds, 1e-9)).toLocaleString('en-AU')} rows/s, ${Math.round(rows / Math.max(cpuSeconds, 1e-9)).toLocaleString('en-AU')} rows per CPU-second; model ${model.id}, loading took ${((loadedAt - startedAt) / 1000).toFixed(1)} s) -> ${options.out}`,
  );
  return 0;
}
