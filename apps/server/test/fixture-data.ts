/**
 * The API and browser suites' data (issue 32): a few thousand real sales instead of 286,579, so a
 * suite's database loads in seconds and each app starts in about one.
 *
 * Written to .propguard/fixture-data from data/ by a fixed rule, never edited by hand:
 * - every sale of the places and street addresses the tests name (FIXTURE_PLACES, FIXTURE_ADDRESSES);
 * - a fixed sample of the rest (one sale in SAMPLE_EVERY[set], chosen by a hash of its source line),
 *   so each market keeps sales in every month it has and its latest ones;
 * - the NSW Valuer General's weekly zips rewritten with the kept B records and their C and D lines
 *   (the A header and Z trailer kept as they are);
 * - every other data set (gazetteer, suburbs, hazards, ABS series) linked whole.
 * The full data are checked by the full-data stage (apps/server/test/full-data/).
 *
 * `node --import tsx apps/server/test/fixture-data.ts` writes it (a no-op when current) and prints
 * the directory; the browser suite's server runs it before it starts.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { unzipSync, zipSync } from 'fflate';
import { REPO_ROOT } from '../src/config.ts';
import { FIXTURE_DATA_DIR } from './fixture-paths.ts';
const SOURCE_DIR = path.join(REPO_ROOT, 'data');

/** Upper-case suburb names the API and browser tests name, by sales set. */
export const FIXTURE_PLACES: Record<string, readonly string[]> = {
  'melbourne-housing-sales': ['ABBOTSFORD', 'RICHMOND', 'COLLINGWOOD', 'FITZROY', 'ESSENDON', 'KEW', 'MELBOURNE', 'HEIDELBERG HEIGHTS', 'RESERVOIR'],
  'perth-house-sales': ['SECRET HARBOUR', 'SCARBOROUGH', 'MOUNT CLAREMONT'],
  'sydney-house-sales': ['BONDI', 'AUBURN', 'PARRAMATTA', 'RICHMOND'],
  'nsw-valuer-general-sales-2021q1': ['CESSNOCK', 'AUBURN'],
};

/** Upper-case street addresses the tests name wherever they are (a street number and name found in several suburbs). */
export const FIXTURE_ADDRESSES: Record<string, readonly string[]> = {
  'melbourne-housing-sales': ['5 CHARLES ST'],
};

/** One sale in N of the other places is kept. */
const SAMPLE_EVERY: Record<string, number> = {
  'melbourne-housing-sales': 30,
  'perth-house-sales': 30,
  'sydney-house-sales': 150,
  'nsw-valuer-general-sales-2021q1': 40,
};

/** The CSV sales sets: file and the column holding the suburb. */
const CSV_SETS: Record<string, { file: string; suburbColumn: string; addressColumn?: string }> = {
  'melbourne-housing-sales': { file: 'melbourne_housing_full.csv.gz', suburbColumn: 'Suburb', addressColumn: 'Address' },
  'perth-house-sales': { file: 'perth_house_sales.csv.gz', suburbColumn: 'SUBURB', addressColumn: 'ADDRESS' },
  'sydney-house-sales': { file: 'SydneyHousePrices.csv.gz', suburbColumn: 'suburb' },
};
const NSW_VG_SET = 'nsw-valuer-general-sales-2021q1';
/** B record field 9 is the locality (parse-nsw-vg-dat.ts). */
const VG_LOCALITY_FIELD = 9;

/** Bump when the rule above changes: the directory is written again. */
const RULE_VERSION = 1;

/** Splits one CSV line at the commas outside double quotes (the bundled files hold no line breaks in cells). */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

function sampled(line: string, every: number): boolean {
  return createHash('sha1').update(line).digest().readUInt32BE(0) % every === 0;
}

function subsetCsv(set: string, source: Buffer): { text: string; kept: number; read: number } {
  const { suburbColumn, addressColumn } = CSV_SETS[set]!;
  const places = new Set(FIXTURE_PLACES[set]);
  const addresses = new Set(FIXTURE_ADDRESSES[set]);
  const lines = gunzipSync(source).toString('utf8').split(/\r?\n/);
  const header = lines[0]!;
  const column = splitCsvLine(header).indexOf(suburbColumn);
  const addressAt = addressColumn === undefined ? -1 : splitCsvLine(header).indexOf(addressColumn);
  if (column < 0) throw new Error(`${set}: no ${suburbColumn} column`);
  const kept = [header];
  let read = 0;
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    read += 1;
    const cells = splitCsvLine(line);
    const suburb = (cells[column] ?? '').trim().toUpperCase();
    const address = addressAt < 0 ? '' : (cells[addressAt] ?? '').trim().toUpperCase();
    if (places.has(suburb) || addresses.has(address) || sampled(line, SAMPLE_EVERY[set]!)) kept.push(line);
  }
  return { text: `${kept.join('\n')}\n`, kept: kept.length - 1, read };
}

/** One weekly zip with its kept sales: a B record and the C and D lines of the same sale. */
function subsetVgZip(source: Buffer): { zip: Uint8Array; kept: number; read: number } {
  const places = new Set(FIXTURE_PLACES[NSW_VG_SET]);
  const files = unzipSync(new Uint8Array(source));
  const out: Record<string, Uint8Array> = {};
  let kept = 0;
  let read = 0;
  for (const [name, bytes] of Object.entries(files)) {
    const keys = new Set<string>();
    const lines = Buffer.from(bytes).toString('latin1').split(/\r?\n/);
    const keptLines = lines.filter((line) => {
      const fields = line.split(';');
      const type = fields[0];
      // A sale's B, C and D lines share district, property id and sale counter.
      const key = fields.slice(1, 4).join(';');
      if (type === 'B') {
        read += 1;
        const keep = places.has((fields[VG_LOCALITY_FIELD] ?? '').trim().toUpperCase()) || sampled(line, SAMPLE_EVERY[NSW_VG_SET]!);
        if (keep) {
          keys.add(key);
          kept += 1;
        }
        return keep;
      }
      if (type === 'C' || type === 'D') return keys.has(key);
      return true;
    });
    out[name] = new Uint8Array(Buffer.from(keptLines.join('\r\n'), 'latin1'));
  }
  return { zip: zipSync(out), kept, read };
}

function fingerprint(): string {
  const hash = createHash('sha256').update(`rule ${RULE_VERSION}\n`).update(readFileSync(new URL(import.meta.url)));
  for (const set of [...Object.keys(CSV_SETS), NSW_VG_SET]) {
    for (const name of readdirSync(path.join(SOURCE_DIR, set)).sort()) hash.update(name).update(readFileSync(path.join(SOURCE_DIR, set, name)));
  }
  return hash.digest('hex');
}

/** Writes .propguard/fixture-data when missing or out of date; returns its path. */
export function ensureFixtureData(log: (line: string) => void = () => {}): string {
  const stamp = path.join(FIXTURE_DATA_DIR, '.fixture-version');
  const version = fingerprint();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === version) return FIXTURE_DATA_DIR;
  const started = Date.now();
  rmSync(FIXTURE_DATA_DIR, { recursive: true, force: true });
  mkdirSync(FIXTURE_DATA_DIR, { recursive: true });
  const counts: string[] = [];
  for (const entry of readdirSync(SOURCE_DIR, { withFileTypes: true })) {
    const target = path.join(FIXTURE_DATA_DIR, entry.name);
    if (entry.name in CSV_SETS) {
      mkdirSync(target);
      const { file } = CSV_SETS[entry.name]!;
      const subset = subsetCsv(entry.name, readFileSync(path.join(SOURCE_DIR, entry.name, file)));
      writeFileSync(path.join(target, file), gzipSync(subset.text));
      symlinkSync(path.join(SOURCE_DIR, entry.name, 'SOURCE.md'), path.join(target, 'SOURCE.md'));
      counts.push(`${entry.name} ${subset.kept.toLocaleString('en-AU')} of ${subset.read.toLocaleString('en-AU')}`);
    } else if (entry.name === NSW_VG_SET) {
      mkdirSync(target);
      let kept = 0;
      let read = 0;
      for (const name of readdirSync(path.join(SOURCE_DIR, entry.name))) {
        if (!name.endsWith('.zip')) {
          symlinkSync(path.join(SOURCE_DIR, entry.name, name), path.join(target, name));
          continue;
        }
        const subset = subsetVgZip(readFileSync(path.join(SOURCE_DIR, entry.name, name)));
        writeFileSync(path.join(target, name), subset.zip);
        kept += subset.kept;
        read += subset.read;
      }
      counts.push(`${entry.name} ${kept.toLocaleString('en-AU')} of ${read.toLocaleString('en-AU')} B records`);
    } else {
      symlinkSync(path.join(SOURCE_DIR, entry.name), target);
    }
  }
  writeFileSync(stamp, version);
  log(`[fixture data] written to ${path.relative(REPO_ROOT, FIXTURE_DATA_DIR)} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${counts.join('; ')}`);
  return FIXTURE_DATA_DIR;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  ensureFixtureData((line) => console.log(line));
}
