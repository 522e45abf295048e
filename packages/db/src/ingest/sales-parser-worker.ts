/**
 * The thread of startSalesParserThread: parses the bundled sales file each request names and posts its
 * batches (placing the sales of a file read ahead by a `read` request), or reads the Valuer General's
 * archives (readVgSales).
 */
import { parentPort } from 'node:worker_threads';
import { BUNDLED_DATASETS } from './bundled-datasets.ts';
import { readVgArchiveFiles, readVgSales } from './nsw-vg-sales.ts';
import { parseSalesFile, placeReadSales, readSalesFile, type ReadSalesFile } from './parse-sales-file.ts';
import type { LocalityIndex } from './place-sale.ts';
import type { LoadTally } from './record-load.ts';
import type { SaleRecord } from './sale-record.ts';
import type { SalesParseAnswer, SalesParseMessage, SalesParseRequest } from './sales-parser.ts';

const port = parentPort!;
// One file at a time, in the order asked (a first load asks for all of them at once: sales-parser.ts prefetch).
let previous = Promise.resolve();
/** Files read ahead of their placement (a `read` request), by data set and path. */
const readAhead = new Map<string, Promise<ReadSalesFile>>();
const keyOf = (datasetId: string, path: string) => `${datasetId}\n${path}`;
port.on('message', (request: SalesParseRequest) => {
  previous = previous.then(() => parseRequest(request));
});

async function parseRequest(request: SalesParseRequest): Promise<void> {
  const post = (answer: SalesParseAnswer) => port.postMessage({ id: request.id, ...answer } satisfies SalesParseMessage);
  try {
    if (request.kind === 'nsw-vg') {
      post({ kind: 'vg', read: readVgSales(await readVgArchiveFiles(request.paths), request.source) });
      return;
    }
    const dataset = BUNDLED_DATASETS.find((candidate) => candidate.id === request.datasetId);
    if (dataset?.kind !== 'sales') throw new Error(`no bundled sales data set ${request.datasetId}`);
    const key = keyOf(dataset.id, request.path);
    if (request.kind === 'read') {
      // Kept for the file's `sales` request; a failure is that request's to report.
      const read = readSalesFile(dataset, request.path);
      readAhead.set(key, read);
      await read.catch(() => undefined);
      return;
    }
    const read = readAhead.get(key);
    readAhead.delete(key);
    const batches = read ? placeAsync(await read, request.localityIndex, request.batchRows) : parseSalesFile(dataset, request.path, request.localityIndex, request.batchRows);
    let next = await batches.next();
    while (!next.done) {
      post({ kind: 'batch', records: next.value });
      next = await batches.next();
    }
    post({ kind: 'done', counts: next.value.toCounts() });
  } catch (error) {
    post({ kind: 'error', message: (error as Error).message });
  }
}

async function* placeAsync(read: ReadSalesFile, localityIndex: LocalityIndex, batchRows: number): AsyncGenerator<SaleRecord[], LoadTally> {
  return yield* placeReadSales(read, localityIndex, batchRows);
}
