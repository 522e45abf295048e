/**
 * A bundled sales file read into placed sale records, a batch at a time: dedupe -> parse -> clean ->
 * place. The same code runs in the ingest's thread or in the parsing thread of sales-parser.ts. A
 * first load's parsing thread reads its first file before the gazetteer is loaded (readSalesFile),
 * and places the sales once it is (placeReadSales).
 */
import type { SalesDataset } from './bundled-datasets.ts';
import { applyCleaningRules, createDuplicateDetector } from './cleaning-rules.ts';
import { placeSale, type LocalityIndex } from './place-sale.ts';
import { readCsvRows } from './read-source-file.ts';
import { LoadTally } from './record-load.ts';
import type { SaleRecord } from './sale-record.ts';

/** The first batch's rows at most: a writer waiting for a file's first batch (sales-parser.ts) starts after 1,000 rows, not 10,000. */
const FIRST_BATCH_ROWS = 1_000;

/** A sale read and cleaned, not yet placed, with the rules that adjusted it. */
interface CleanedSale {
  sale: SaleRecord;
  adjustments: string[];
}

/** A file's sales read and cleaned (readSalesFile), with the tally of the rows read and rejected so far. */
export interface ReadSalesFile {
  cleaned: CleanedSale[];
  tally: LoadTally;
}

/** Each row of the file deduplicated, parsed and cleaned: the sale, or null when the row was rejected (and counted). */
async function* cleanedSales(dataset: SalesDataset, path: string, tally: LoadTally): AsyncGenerator<CleanedSale | null> {
  const isDuplicate = createDuplicateDetector(dataset.duplicateIgnoredColumns);
  for await (const row of readCsvRows(path)) {
    tally.rowsRead += 1;
    if (isDuplicate(row)) {
      tally.countRejection('duplicate_row');
      yield null;
      continue;
    }
    const parsed = dataset.parseRow(row, tally.rowsRead);
    const cleaned = parsed.ok ? applyCleaningRules(parsed.value) : parsed;
    if (!cleaned.ok) {
      tally.countRejection(cleaned.reason);
      yield null;
      continue;
    }
    yield { sale: cleaned.value, adjustments: [...(parsed.ok ? parsed.adjustments : []), ...cleaned.adjustments] };
  }
}

/** Places a cleaned sale: the record, or null when it cannot be placed (counted). */
function placeCleaned({ sale, adjustments }: CleanedSale, localityIndex: LocalityIndex, tally: LoadTally): SaleRecord | null {
  const placed = placeSale(sale, localityIndex);
  if (!placed.ok) {
    tally.countRejection(placed.reason);
    return null;
  }
  tally.countAdjustments(adjustments);
  return placed.value;
}

/** Gathers records into batches: the first at most FIRST_BATCH_ROWS, then `batchRows`. */
function batcher(batchRows: number): { add: (record: SaleRecord) => SaleRecord[] | null; rest: () => SaleRecord[] } {
  let batch: SaleRecord[] = [];
  let limit = Math.min(batchRows, FIRST_BATCH_ROWS);
  return {
    add(record) {
      batch.push(record);
      if (batch.length < limit) return null;
      const full = batch;
      batch = [];
      limit = batchRows;
      return full;
    },
    rest: () => batch,
  };
}

/**
 * Yields the file's placed records in batches of `batchRows` (the first at most FIRST_BATCH_ROWS, the
 * last one shorter, possibly empty) and returns the tally of rows read, rejected and adjusted
 * (rowsLoaded is the writer's to count).
 */
export async function* parseSalesFile(dataset: SalesDataset, path: string, localityIndex: LocalityIndex, batchRows: number): AsyncGenerator<SaleRecord[], LoadTally> {
  const tally = new LoadTally();
  const batches = batcher(batchRows);
  for await (const cleaned of cleanedSales(dataset, path, tally)) {
    const placed = cleaned === null ? null : placeCleaned(cleaned, localityIndex, tally);
    const full = placed === null ? null : batches.add(placed);
    if (full !== null) yield full;
  }
  yield batches.rest();
  return tally;
}

/** The file's sales read and cleaned, for placeReadSales once the gazetteer is loaded. */
export async function readSalesFile(dataset: SalesDataset, path: string): Promise<ReadSalesFile> {
  const tally = new LoadTally();
  const cleaned: CleanedSale[] = [];
  for await (const sale of cleanedSales(dataset, path, tally)) if (sale !== null) cleaned.push(sale);
  return { cleaned, tally };
}

/** parseSalesFile's batches and tally, from a file readSalesFile read. */
export function* placeReadSales(read: ReadSalesFile, localityIndex: LocalityIndex, batchRows: number): Generator<SaleRecord[], LoadTally> {
  const { tally } = read;
  const batches = batcher(batchRows);
  for (const cleaned of read.cleaned) {
    const placed = placeCleaned(cleaned, localityIndex, tally);
    const full = placed === null ? null : batches.add(placed);
    if (full !== null) yield full;
  }
  yield batches.rest();
  return tally;
}
