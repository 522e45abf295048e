/**
 * `propguard import sales`: a user's own sales CSV, loaded like the bundled data. The file is
 * read and checked completely before anything is written: a structurally bad file (unreadable,
 * not CSV, missing required columns) loads nothing. Bad rows are skipped, each with a reason, and
 * the good rows load in one transaction that first removes the source's previous import.
 */
import { open, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parse } from 'csv-parse';
import { AppError } from '@propguard/schemas';
import type { Database } from '../open-database.ts';
import { applyCleaningRules, createDuplicateDetector } from '../ingest/cleaning-rules.ts';
import { loadLocalityIndex } from '../ingest/load-locality-index.ts';
import { placeSale } from '../ingest/place-sale.ts';
import { computeFileChecksum, openDecompressedStream } from '../ingest/read-source-file.ts';
import { LoadTally, recordLoad } from '../ingest/record-load.ts';
import type { SaleRecord } from '../ingest/sale-record.ts';
import { deleteSalesOfSource, insertSales, refreshAddresses } from '../ingest/write-sales.ts';
import { parseImportRow, resolveImportColumns, type ImportField } from './parse-import-row.ts';

export { IMPORT_FIELDS, REQUIRED_IMPORT_FIELDS } from './parse-import-row.ts';
export type { ImportField } from './parse-import-row.ts';

export interface ImportSalesOptions {
  file: string;
  /** Our field name -> the file's column name. */
  mapping?: Record<string, string>;
  /** Name of the import; rows are stored with source 'import:<name>'. Default: the file name without extension. */
  source?: string;
}

export interface ImportRejection {
  /** Row number as a spreadsheet shows it: the header is row 1, the first data row is row 2. */
  row: number;
  reason: string;
  /** e.g. 'row 14: price "abc" is not a number' */
  message: string;
}

export interface ImportReport {
  source: string;
  file: string;
  rowsRead: number;
  rowsLoaded: number;
  rowsRejected: number;
  rejectedByReason: Record<string, number>;
  rejections: ImportRejection[];
  /** Rows of an earlier import of the same source that this import replaced. */
  rowsReplaced: number;
  durationMs: number;
}

const SOURCE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** Largest file accepted: far above any suburb's sales history, small enough to check in memory. */
const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

function invalid(message: string, field?: string): AppError {
  return new AppError('VALIDATION_ERROR', message, field === undefined ? {} : { field });
}

async function assertReadableText(file: string): Promise<void> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw invalid(`${file} is not a file`, 'file');
    size = info.size;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid(`cannot read ${file}: ${(error as Error).message}`, 'file');
  }
  if (size === 0) throw invalid(`${file} is empty`, 'file');
  if (size > MAX_IMPORT_BYTES) throw invalid(`${file} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`, 'file');
  if (file.endsWith('.gz')) return;
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8192), 0, 8192, 0);
    // Text files have no NUL bytes; spreadsheets (.xlsx), archives and images do.
    if (buffer.subarray(0, bytesRead).includes(0)) throw invalid(`${file} is not a CSV text file (it contains binary data; export it as CSV)`, 'file');
  } finally {
    await handle.close();
  }
}

async function readAllRows(file: string): Promise<{ header: string[]; rows: Record<string, string>[] }> {
  let header: string[] = [];
  const rows: Record<string, string>[] = [];
  const parser = openDecompressedStream(file).pipe(
    parse({
      bom: true,
      skip_empty_lines: true,
      columns: (columns: string[]) => {
        header = columns.map((column) => column.trim());
        return header;
      },
    }),
  );
  try {
    for await (const row of parser) rows.push(row as Record<string, string>);
  } catch (error) {
    throw invalid(`${file} is not a valid CSV file: ${(error as Error).message}`, 'file');
  }
  if (header.length === 0) throw invalid(`${file} has no header row`, 'file');
  return { header, rows };
}

export async function importSales(database: Database, options: ImportSalesOptions): Promise<ImportReport> {
  const startedAt = performance.now();
  const name = options.source ?? basename(options.file, extname(options.file.replace(/\.gz$/, '')));
  if (!SOURCE_NAME_PATTERN.test(name)) {
    throw invalid(`source name "${name}" must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit`, 'source');
  }
  const source = `import:${name}`;
  await assertReadableText(options.file);
  const { header, rows } = await readAllRows(options.file);
  const { columns, problems } = resolveImportColumns(header, options.mapping);
  if (problems.length > 0) throw invalid(`${options.file}: ${problems.join('; ')}`, 'file');
  if (rows.length === 0) throw invalid(`${options.file} has a header but no data rows`, 'file');

  const localityIndex = await loadLocalityIndex(database.db);
  const tally = new LoadTally();
  const rejections: ImportRejection[] = [];
  const accepted: SaleRecord[] = [];
  const isDuplicate = createDuplicateDetector();
  for (const [index, row] of rows.entries()) {
    const rowNumber = index + 2;
    tally.rowsRead += 1;
    const fields: Partial<Record<ImportField, string>> = {};
    for (const [field, column] of Object.entries(columns)) fields[field as ImportField] = row[column as string];
    const parsed = isDuplicate(row) ? ({ ok: false, reason: 'duplicate_row', message: 'exact duplicate of an earlier row' } as const) : parseImportRow(fields, index + 1, source);
    const cleaned = parsed.ok ? applyCleaningRules(parsed.value) : parsed;
    const placed = cleaned.ok ? placeSale(cleaned.value, localityIndex) : cleaned;
    if (!placed.ok) {
      tally.countRejection(placed.reason);
      rejections.push({ row: rowNumber, reason: placed.reason, message: `row ${rowNumber}: ${placed.message}` });
      continue;
    }
    if (cleaned.ok) tally.countAdjustments(cleaned.adjustments);
    accepted.push(placed.value);
  }
  tally.rowsLoaded = accepted.length;

  const checksum = await computeFileChecksum(options.file);
  const rowsReplaced = await database.db.transaction(async (tx) => {
    const replaced = await deleteSalesOfSource(tx, source);
    await insertSales(tx, accepted);
    await refreshAddresses(tx, source);
    await recordLoad(tx, source, checksum, tally.toCounts(), performance.now() - startedAt);
    return replaced;
  });
  return {
    source,
    file: options.file,
    rowsRead: tally.rowsRead,
    rowsLoaded: tally.rowsLoaded,
    rowsRejected: tally.rowsRejected,
    rejectedByReason: tally.rejectedByReason,
    rejections,
    rowsReplaced,
    durationMs: Math.round(performance.now() - startedAt),
  };
}
