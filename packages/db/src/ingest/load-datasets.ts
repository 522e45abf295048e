/** Loading one bundled data set inside the caller's transaction; returns the tallies. */
import { sql } from 'drizzle-orm';
import { copyRows, stageRows, type CopyColumn } from '../bulk-copy.ts';
import type { DrizzleDatabase } from '../open-database.ts';
import { suburbs } from '../schema.ts';
import type { GazetteerDataset, NswVgDataset, SalesDataset, SuburbsDataset } from './bundled-datasets.ts';
import { loadLocalityIndex } from './load-locality-index.ts';
import { loadNswVgSales } from './nsw-vg-sales.ts';
import { parseGazetteerRow, shouldReplaceLocality, type LocalityRecord } from './parse-gazetteer-row.ts';
import { parseSuburbFeature, type SuburbRecord } from './parse-suburb-feature.ts';
import type { LocalityIndex } from './place-sale.ts';
import { readCsvRows, readJsonFile } from './read-source-file.ts';
import { inThreadSalesParser, type SalesParser } from './sales-parser.ts';
import { LoadTally } from './record-load.ts';
import type { FreshLoad } from './fresh-load.ts';
import { deleteSalesOfSource, insertSales, refreshAddresses, SALES_BATCH_ROWS } from './write-sales.ts';

export type ProgressReporter = (phase: string, rows: number | undefined, message: string) => void;

/** Every bundled sales file: dedupe -> parse -> clean -> place (by `parser`, sales-parser.ts) -> insert in batches. */
export async function loadSalesDataset(tx: DrizzleDatabase, dataset: SalesDataset, path: string, report: ProgressReporter, parser: SalesParser = inThreadSalesParser, localities?: LocalityIndex, fresh?: FreshLoad): Promise<LoadTally> {
  const localityIndex = localities ?? (await loadLocalityIndex(tx));
  const deleted = await deleteSalesOfSource(tx, dataset.id);
  // A first load's set is written by fresh-load.ts; any other, batch by batch (write-sales.ts).
  const set = fresh ? await fresh.startSet(tx, dataset.id, deleted) : null;
  let rowsLoaded = 0;
  const batches = parser.parse(dataset, path, localityIndex, SALES_BATCH_ROWS);
  let next = await batches.next();
  while (!next.done) {
    await (set ? set.insert(next.value) : insertSales(tx, next.value));
    const before = rowsLoaded;
    rowsLoaded += next.value.length;
    if (Math.floor(rowsLoaded / 20_000) > Math.floor(before / 20_000)) report('insert', rowsLoaded, `${rowsLoaded} sales inserted`);
    next = await batches.next();
  }
  report('addresses', rowsLoaded, 'writing their addresses');
  await (set ? set.finish() : refreshAddresses(tx, dataset.id));
  return Object.assign(new LoadTally(), next.value, { rowsLoaded });
}

/**
 * The NSW Valuer General's bundled weeks: the same load as `propguard import nsw-vg`, replacing the
 * bundled source's rows; the archives read by `parser` (a first start's parsing thread reads them
 * while the other sets are written).
 */
export async function loadNswVgDataset(tx: DrizzleDatabase, dataset: NswVgDataset, paths: readonly string[], report: ProgressReporter, parser: SalesParser = inThreadSalesParser, localities?: LocalityIndex, fresh?: FreshLoad): Promise<LoadTally> {
  const read = await parser.readVg(paths, dataset.id);
  const { tally } = await loadNswVgSales(tx, read, { source: dataset.id, replaceSource: true, report, ...(localities ? { localityIndex: localities } : {}), ...(fresh ? { fresh } : {}) });
  return tally;
}

/** The columns of a locality the gazetteer writes; the first three are its key. */
const LOCALITY_COLUMNS: readonly CopyColumn[] = [
  ['name', 'text'],
  ['state', 'text'],
  ['postcode', 'text'],
  ['lat', 'double precision'],
  ['lng', 'double precision'],
  ['altitude_m', 'double precision'],
  ['sa2_code_2021', 'text'],
  ['sa2_name_2021', 'text'],
  ['lga_name', 'text'],
  ['type', 'text'],
  ['is_delivery_area', 'boolean'],
];
const LOCALITY_STAGE_COLUMNS: readonly CopyColumn[] = [['ord', 'integer'], ...LOCALITY_COLUMNS];
const LOCALITY_COLUMN_LIST = LOCALITY_COLUMNS.map(([column]) => column).join(', ');

/** The gazetteer: upsert by (name, state, postcode) so locality ids referenced by sales stay stable. */
export async function loadGazetteerDataset(tx: DrizzleDatabase, _dataset: GazetteerDataset, path: string, report: ProgressReporter): Promise<LoadTally> {
  const tally = new LoadTally();
  const byKey = new Map<string, LocalityRecord>();
  for await (const row of readCsvRows(path)) {
    tally.rowsRead += 1;
    const parsed = parseGazetteerRow(row);
    if (!parsed.ok) {
      tally.countRejection(parsed.reason);
      continue;
    }
    tally.countAdjustments(parsed.adjustments);
    const key = `${parsed.value.name}|${parsed.value.state}|${parsed.value.postcode}`;
    const existing = byKey.get(key);
    if (existing === undefined) {
      byKey.set(key, parsed.value);
      continue;
    }
    tally.countRejection('duplicate_row');
    if (shouldReplaceLocality(existing, parsed.value)) byKey.set(key, parsed.value);
  }
  const records = [...byKey.values()];
  // Staged in bulk (bulk-copy.ts), then upserted in the file's order, so new localities take ids in that order.
  await stageRows(
    tx,
    'localities_stage',
    LOCALITY_STAGE_COLUMNS,
    records.map((record, ord) => [ord, record.name, record.state, record.postcode, record.lat, record.lng, record.altitudeM, record.sa2Code2021, record.sa2Name2021, record.lgaName, record.type, record.isDeliveryArea]),
  );
  const written = await tx.execute(sql.raw(`INSERT INTO localities (${LOCALITY_COLUMN_LIST})
    SELECT ${LOCALITY_COLUMN_LIST} FROM localities_stage ORDER BY ord
    ON CONFLICT (name, state, postcode) DO UPDATE SET ${LOCALITY_COLUMNS.slice(3).map(([column]) => `${column} = excluded.${column}`).join(', ')}
    RETURNING id`));
  const keptIds = (written as unknown as { rows: Array<{ id: number }> }).rows.map((row) => row.id);
  report('insert', records.length, `${records.length} localities written`);
  // One array literal parameter: drizzle would expand a JS array into one parameter per id.
  const keptIdsLiteral = `{${keptIds.join(',')}}`;
  await tx.execute(sql`DELETE FROM localities WHERE NOT (id = ANY(${keptIdsLiteral}::int[]))`);
  tally.rowsLoaded = records.length;
  return tally;
}

/** The ABS SAL polygons of each file, read and checked (readSuburbFiles), with the tally so far. */
export interface SuburbFiles {
  files: Array<{ name: string; records: SuburbRecord[] }>;
  tally: LoadTally;
}

/**
 * Reads and checks the polygons of the SAL files (about 1 s), before the load's transaction: on PGlite
 * a transaction holds every other query back, and `npm start` loads them while it serves.
 */
export async function readSuburbFiles(paths: readonly string[]): Promise<SuburbFiles> {
  const tally = new LoadTally();
  const seenCodes = new Set<string>();
  const files: SuburbFiles['files'] = [];
  for (const path of paths) {
    const collection = (await readJsonFile(path)) as { features?: unknown[] };
    const records: SuburbRecord[] = [];
    for (const feature of collection.features ?? []) {
      tally.rowsRead += 1;
      const parsed = parseSuburbFeature(feature as Parameters<typeof parseSuburbFeature>[0]);
      if (!parsed.ok) {
        tally.countRejection(parsed.reason);
        continue;
      }
      if (seenCodes.has(parsed.value.salCode)) {
        tally.countRejection('duplicate_row');
        continue;
      }
      seenCodes.add(parsed.value.salCode);
      records.push(parsed.value);
    }
    files.push({ name: path.split('/').pop() as string, records });
  }
  return { files, tally };
}

/** The columns of a suburb written, in SuburbRecord's order. */
const SUBURB_COLUMNS: readonly CopyColumn[] = [
  ['sal_code', 'text'],
  ['name', 'text'],
  ['state', 'text'],
  ['area_km2', 'double precision'],
  ['bbox_min_lng', 'double precision'],
  ['bbox_min_lat', 'double precision'],
  ['bbox_max_lng', 'double precision'],
  ['bbox_max_lat', 'double precision'],
  ['geometry', 'jsonb'],
];

/** ABS SAL polygons (read by readSuburbFiles), a file at a time in bulk (bulk-copy.ts: 18 MB of GeoJSON in about 1 s, 2.1 s as inserts). */
export async function loadSuburbsDataset(tx: DrizzleDatabase, _dataset: SuburbsDataset, read: SuburbFiles, report: ProgressReporter): Promise<LoadTally> {
  const { tally } = read;
  await tx.delete(suburbs);
  for (const { name, records } of read.files) {
    await copyRows(
      tx,
      'suburbs',
      SUBURB_COLUMNS,
      records.map((record) => [record.salCode, record.name, record.state, record.areaKm2, record.bboxMinLng, record.bboxMinLat, record.bboxMaxLng, record.bboxMaxLat, record.geometry]),
    );
    tally.rowsLoaded += records.length;
    report('insert', tally.rowsLoaded, `${name}: ${records.length} polygons`);
  }
  return tally;
}
