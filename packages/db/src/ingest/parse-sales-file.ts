/**
 * A bundled sales file read into placed sale records, a batch at a time: dedupe -> parse -> clean ->
 * place. The same code runs in the ingest's thread or in the parsing thread of sales-parser.ts.
 */
import type { SalesDataset } from './bundled-datasets.ts';
import { applyCleaningRules, createDuplicateDetector } from './cleaning-rules.ts';
import { placeSale, type LocalityIndex } from './place-sale.ts';
import { readCsvRows } from './read-source-file.ts';
import { LoadTally } from './record-load.ts';
import type { SaleRecord } from './sale-record.ts';

/** The first batch's rows at most: a writer waiting for a file's first batch (sales-parser.ts) starts after 1,000 rows, not 10,000. */
const FIRST_BATCH_ROWS = 1_000;

/**
 * Yields the file's placed records in batches of `batchRows` (the first at most FIRST_BATCH_ROWS, the
 * last one shorter, possibly empty) and returns the tally of rows read, rejected and adjusted
 * (rowsLoaded is the writer's to count).
 */
export async function* parseSalesFile(dataset: SalesDataset, path: string, localityIndex: LocalityIndex, batchRows: number): AsyncGenerator<SaleRecord[], LoadTally> {
  const tally = new LoadTally();
  const isDuplicate = createDuplicateDetector(dataset.duplicateIgnoredColumns);
  let batch: SaleRecord[] = [];
  let limit = Math.min(batchRows, FIRST_BATCH_ROWS);
  for await (const row of readCsvRows(path)) {
    tally.rowsRead += 1;
    if (isDuplicate(row)) {
      tally.countRejection('duplicate_row');
      continue;
    }
    const parsed = dataset.parseRow(row, tally.rowsRead);
    const cleaned = parsed.ok ? applyCleaningRules(parsed.value) : parsed;
    const placed = cleaned.ok ? placeSale(cleaned.value, localityIndex) : cleaned;
    if (!placed.ok) {
      tally.countRejection(placed.reason);
      continue;
    }
    tally.countAdjustments([...(parsed.ok ? parsed.adjustments : []), ...(cleaned.ok ? cleaned.adjustments : [])]);
    batch.push(placed.value);
    if (batch.length >= limit) {
      yield batch;
      batch = [];
      limit = batchRows;
    }
  }
  yield batch;
  return tally;
}
