/**
 * `propguard import nsw-vg FILE.zip...`: the NSW Valuer General's weekly or yearly zips, loaded by
 * the code that loads the bundled weeks (ingest/nsw-vg-sales.ts). Every file is read and checked
 * before anything is written; the sales then load in one transaction. Imported weeks extend the
 * NSW market: a sale already stored (from the bundled weeks or an earlier import) is stored once,
 * in its latest download.
 */
import { stat } from 'node:fs/promises';
import { AppError } from '@propguard/schemas';
import type { Database } from '../open-database.ts';
import { loadNswVgSales, readVgArchiveFiles, type NswVgLoadReport } from '../ingest/nsw-vg-sales.ts';
import { NSW_VG_IMPORT_SOURCE } from '../ingest/parse-nsw-vg-dat.ts';
import { computeFilesChecksum } from '../ingest/read-source-file.ts';
import { recordLoad } from '../ingest/record-load.ts';

export interface ImportNswVgOptions {
  files: readonly string[];
}

export interface ImportNswVgReport extends NswVgLoadReport {
  durationMs: number;
}

/** Larger than the Valuer General's yearly zips (tens of MB), small enough to unzip in memory. */
const MAX_ARCHIVE_BYTES = 500 * 1024 * 1024;

async function assertReadableFile(file: string): Promise<void> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new AppError('VALIDATION_ERROR', `${file} is not a file`, { field: 'file' });
    size = info.size;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION_ERROR', `cannot read ${file}: ${(error as Error).message}`, { field: 'file' });
  }
  if (size === 0) throw new AppError('VALIDATION_ERROR', `${file} is empty`, { field: 'file' });
  if (size > MAX_ARCHIVE_BYTES) throw new AppError('VALIDATION_ERROR', `${file} is larger than ${MAX_ARCHIVE_BYTES / 1024 / 1024} MB`, { field: 'file' });
}

export async function importNswVg(database: Database, options: ImportNswVgOptions): Promise<ImportNswVgReport> {
  const startedAt = performance.now();
  if (options.files.length === 0) throw new AppError('VALIDATION_ERROR', 'name at least one weekly or yearly zip of the NSW Valuer General', { field: 'file' });
  for (const file of options.files) await assertReadableFile(file);
  const archives = await readVgArchiveFiles(options.files);
  const checksum = await computeFilesChecksum(options.files);
  const report = await database.db.transaction(async (tx) => {
    const loaded = await loadNswVgSales(tx, archives, { source: NSW_VG_IMPORT_SOURCE, replaceSource: false });
    await recordLoad(tx, NSW_VG_IMPORT_SOURCE, checksum, loaded.tally.toCounts(), performance.now() - startedAt);
    return loaded.report;
  });
  return { ...report, durationMs: Math.round(performance.now() - startedAt) };
}
