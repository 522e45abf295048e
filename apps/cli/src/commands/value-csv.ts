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
import { carryForwardCalibrationPath, loadAddressBook, loadLocalityTable, loadMarketMovement, loadSalesAndIndex, resolveDatedSubject, toSubjectProperty, type Database, type SubjectLookups } from '@propguard/db';
import { buildTypicalAttributesTable, describeNoEstimate, fsdPercent, parseValuationModel, valueOrRefuse, type SalesIndex, type ValuationModel } from '@propguard/engines';
import { AppError, toCsv, valuationRequestSchema, type ValuationRequest } from '@propguard/schemas';

const OUTPUT_COLUMNS = ['estimate', 'low', 'high', 'fsd_pct', 'confidence', 'as_at', 'note', 'error'] as const;

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

/** A number cell as people write it ("1,250" and " 650 " too); undefined when blank, NaN when not a number. */
function readNumberCell(raw: string | undefined): number | undefined {
  const text = (raw ?? '').trim().replace(/,/g, '');
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** "2018-06-01", or the Australian "1/06/2018" (day first) as the sources write it; null when neither is a calendar date. */
function readDateCell(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dayFirst = iso ? null : /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // A calendar date: "2018-02-30" is not one.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

type RowOutcome = { estimate: number; low: number; high: number; fsd_pct: number; confidence: number; as_at: string; note: string } | { error: string };

const COLUMN_OF_FIELD: Readonly<Record<string, string>> = { listingId: 'listing_id', suggestionId: 'suggestion_id', carSpaces: 'car_spaces', landSizeM2: 'land_size', buildingSizeM2: 'building_size', yearBuilt: 'year_built', propertyType: 'property_type', asAt: 'date' };
const columnOf = (field: string) => COLUMN_OF_FIELD[field] ?? field;

type RequestBody = Omit<ValuationRequest, 'attributes'> & { attributes: Record<string, string | number | undefined> };
const NAMES_A_SUBJECT = 'a row needs a listing_id, a suggestion_id, an address, lat and lng, or suburb and postcode';

/** Drops a cell the row can be valued without, saying so in the note; false when the field is not one of those. */
function dropCell(body: RequestBody, path: readonly PropertyKey[], why: string, notes: string[]): boolean {
  const [first, second] = path.map(String);
  if (first === 'attributes' && second !== undefined) {
    notes.push(`${columnOf(second)}: "${body.attributes[second]}" ${why}, treated as not given`);
    delete body.attributes[second];
    return true;
  }
  if (first === 'lat' || first === 'lng') {
    notes.push(`lat/lng: ${body.lat ?? ''}, ${body.lng ?? ''}: ${why}, not used`);
    delete body.lat;
    delete body.lng;
    return true;
  }
  if (first === 'state' || first === 'postcode' || first === 'asAt') {
    notes.push(`${columnOf(first)}: "${String(body[first])}" ${why}, ${first === 'asAt' ? "valued as at the market's date instead" : 'not used'}`);
    delete body[first];
    return true;
  }
  return false;
}

/**
 * A row as the API's request body, checked by the API's own schema (valuationRequestSchema). A row
 * is valued whenever it names a property (issue 31, item 6): a cell that cannot be read, or that the
 * schema refuses (a negative count, a state that is not one, coordinates outside Australia), is
 * left out and `notes` says so; only a row left naming no property is refused, with the reason.
 */
function toValuationRequest(record: Record<string, string>): { request: ValuationRequest; notes: string[] } | { error: string } {
  const notes: string[] = [];
  const text = (column: string) => (record[column] ?? '').trim() || undefined;
  const number = (column: string) => {
    const value = readNumberCell(record[column]);
    if (Number.isNaN(value)) notes.push(`${column}: "${text(column)}" is not a number, treated as not given`);
    return Number.isNaN(value) ? undefined : value;
  };
  const dateText = text('date');
  const date = dateText === undefined ? undefined : (readDateCell(dateText) ?? undefined);
  if (dateText !== undefined && date === undefined) notes.push(`date: "${dateText}" is not a date (YYYY-MM-DD or D/MM/YYYY), valued as at the market's date instead`);
  const body: RequestBody = {
    listingId: text('listing_id'),
    suggestionId: text('suggestion_id'),
    address: text('address'),
    suburb: text('suburb'),
    state: text('state')?.toUpperCase() as ValuationRequest['state'],
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
  // Each pass leaves out the cells the schema refused; a refusal of another kind ends the row.
  for (let pass = 0; pass < 3; pass += 1) {
    const parsed = valuationRequestSchema.safeParse(body);
    if (parsed.success) return { request: parsed.data, notes };
    const isUnnamed = (issue: (typeof parsed.error.issues)[number]) => issue.code === 'custom' && issue.path[0] === 'address';
    const kept = parsed.error.issues.filter((issue) => !isUnnamed(issue) && !dropCell(body, issue.path, issue.message, notes));
    if (parsed.error.issues.some(isUnnamed)) return { error: [NAMES_A_SUBJECT, ...notes].join('; ') };
    if (kept.length > 0) return { error: kept.map((issue) => `${columnOf(String(issue.path.at(-1) ?? 'row'))}: ${issue.message}`).join('; ') };
  }
  return { error: [NAMES_A_SUBJECT, ...notes].join('; ') };
}

/**
 * One row, valued exactly as POST /api/valuations values the same request: placed and completed by
 * resolveSubject, as at resolveAsAt's date, the estimate of valuePoint (valueProperty's estimate
 * without the explanations). `note` holds what was assumed, as the API's `assumed`.
 */
async function valueRow(record: Record<string, string>, dependencies: ValueCsvDependencies): Promise<RowOutcome> {
  const checked = toValuationRequest(record);
  if ('error' in checked) return checked;
  const { request, notes } = checked;
  let dated;
  try {
    dated = await resolveDatedSubject(dependencies.database, dependencies.lookups, dependencies.index, request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return { error: `cannot place the property: ${error.message}` };
    throw error;
  }
  const { asAt, assumed } = dated;
  const { point, noEstimate } = valueOrRefuse(dependencies.model, dependencies.index, toSubjectProperty(dated.resolved), dated.market);
  if (noEstimate) return { error: describeNoEstimate(noEstimate) };
  if (!Number.isFinite(point.estimate) || point.estimate <= 0) return { error: 'no estimate (no sales before this date near the property)' };
  return { estimate: point.estimate, low: point.low, high: point.high, fsd_pct: fsdPercent(point.fsd), confidence: point.confidence, as_at: asAt, note: [...notes, ...assumed].join('; ') };
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
        ? { estimate: '', low: '', high: '', fsd_pct: '', confidence: '', as_at: '', note: '', error: outcome.error }
        : { estimate: String(outcome.estimate), low: String(outcome.low), high: String(outcome.high), fsd_pct: outcome.fsd_pct.toFixed(1), confidence: String(outcome.confidence), as_at: outcome.as_at, note: outcome.note, error: '' };
    if ('error' in outcome) failed += 1;
    const out = outputHeader.map((name, column) => (column < header.length ? (cells[column] ?? '') : appended[name]!));
    lines.push(out);
  }
  return { output: toCsv(lines), rows: table.length - 1, failed };
}

/**
 * What a batch places and completes its rows with: every locality's typical attributes (from the
 * index), the model's range scale for them, and every gazetteer locality (one query), which a
 * batch would otherwise ask once per suburb.
 */
export async function loadCsvLookups(database: Database, model: ValuationModel, index: SalesIndex): Promise<SubjectLookups> {
  return {
    addressBook: await loadAddressBook(database),
    typical: buildTypicalAttributesTable(index.sales),
    filledScale: model.artifact.intervals.filledScale,
    placeCache: new Map(),
    localities: await loadLocalityTable(database),
  };
}

export async function runValueCsv(database: Database, options: { csv: string; out: string; model: string; dataDir: string }): Promise<number> {
  const startedAt = performance.now();
  const model = parseValuationModel(JSON.parse(readFileSync(options.model, 'utf8')));
  const movement = await loadMarketMovement(options.dataDir, carryForwardCalibrationPath(options.model));
  const { index } = await loadSalesAndIndex(database, movement);
  const lookups = await loadCsvLookups(database, model, index);
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
