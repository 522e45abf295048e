/**
 * Who reads the bundled sales files for the ingest (issue 32.1). The ingest's thread spends about
 * as long reading, parsing, cleaning and placing a file's rows (3.8 s for the three files) as writing
 * them to PGlite; a second thread reads the next batches while it writes one.
 */
import type { Worker } from 'node:worker_threads';
import { startTypeScriptWorker } from '../worker-thread.ts';
import type { SalesDataset } from './bundled-datasets.ts';
import { parseSalesFile } from './parse-sales-file.ts';
import type { LocalityIndex } from './place-sale.ts';
import type { LoadCounts } from './record-load.ts';
import type { SaleRecord } from './sale-record.ts';

export interface SalesParser {
  /** The file's placed records in batches of `batchRows` (parseSalesFile), then its tally (rowsLoaded 0). */
  parse(dataset: SalesDataset, path: string, localityIndex: LocalityIndex, batchRows: number): AsyncGenerator<SaleRecord[], LoadCounts>;
  /**
   * Starts parsing a file that parse() will be asked for later with the same arguments (a first load
   * names every sales file once the gazetteer is in): its batches wait for it, so that the writer never
   * waits for a file's first batch. Files are parsed one after another, in the order asked.
   */
  prefetch(dataset: SalesDataset, path: string, localityIndex: LocalityIndex, batchRows: number): void;
  close(): Promise<void>;
}

/** A request to the parsing thread, and what it answers. */
export interface SalesParseRequest {
  /** Echoed in every answer: a request its reader gave up on (its load failed) never feeds the next one. */
  id: number;
  datasetId: string;
  path: string;
  localityIndex: LocalityIndex;
  batchRows: number;
}
export type SalesParseAnswer = { kind: 'batch'; records: SaleRecord[] } | { kind: 'done'; counts: LoadCounts } | { kind: 'error'; message: string };
export type SalesParseMessage = SalesParseAnswer & { id: number };

/** Parses in the calling thread. */
export const inThreadSalesParser: SalesParser = {
  async *parse(dataset, path, localityIndex, batchRows) {
    const tally = yield* parseSalesFile(dataset, path, localityIndex, batchRows);
    return tally.toCounts();
  },
  prefetch: () => undefined,
  close: async () => undefined,
};

const WORKER_FILE = new URL('./sales-parser-worker.ts', import.meta.url);

/** A request posted to the thread: its answers so far, and the reader waiting for the next. */
interface PostedRequest {
  id: number;
  queue: SalesParseMessage[];
  wake: (() => void) | null;
}

/**
 * Parses on a thread of its own, which reads ahead of the writer (a file's batches wait in the
 * message queue: at most Sydney's, about 80 MB). The calling thread parses instead when the thread
 * cannot be started or fails before its first answer.
 */
export function startSalesParserThread(): SalesParser {
  let worker: Worker;
  try {
    worker = startTypeScriptWorker(WORKER_FILE, null);
  } catch {
    return inThreadSalesParser;
  }
  // A thread that failed before answering (it could not load its code): the calling thread parses from then on.
  let broken = false;
  let failure: Error | null = null;
  let requests = 0;
  const byId = new Map<number, PostedRequest>();
  /** Requests prefetched and not yet read, by file. */
  const prefetched = new Map<string, PostedRequest>();
  const keyOf = (dataset: SalesDataset, path: string) => `${dataset.id}\n${path}`;
  const wakeAll = () => {
    for (const request of byId.values()) {
      request.wake?.();
      request.wake = null;
    }
  };
  worker.on('message', (message: SalesParseMessage) => {
    // A request its reader gave up on (its load failed) is gone: its answers never feed another.
    const request = byId.get(message.id);
    if (request === undefined) return;
    request.queue.push(message);
    request.wake?.();
    request.wake = null;
  });
  worker.once('error', (error) => {
    failure ??= error;
    wakeAll();
  });
  worker.once('exit', (code) => {
    failure ??= new Error(`the sales parsing thread stopped (exit code ${code})`);
    wakeAll();
  });
  const post = (dataset: SalesDataset, path: string, localityIndex: LocalityIndex, batchRows: number): PostedRequest => {
    requests += 1;
    const request: PostedRequest = { id: requests, queue: [], wake: null };
    byId.set(request.id, request);
    worker.postMessage({ id: request.id, datasetId: dataset.id, path, localityIndex, batchRows } satisfies SalesParseRequest);
    return request;
  };
  return {
    prefetch(dataset, path, localityIndex, batchRows) {
      const key = keyOf(dataset, path);
      if (!broken && failure === null && !prefetched.has(key)) prefetched.set(key, post(dataset, path, localityIndex, batchRows));
    },
    async *parse(dataset, path, localityIndex, batchRows) {
      if (broken) return yield* inThreadSalesParser.parse(dataset, path, localityIndex, batchRows);
      const key = keyOf(dataset, path);
      const request = prefetched.get(key) ?? post(dataset, path, localityIndex, batchRows);
      prefetched.delete(key);
      let received = 0;
      try {
        for (;;) {
          const message = request.queue.shift();
          if (message === undefined) {
            if (failure && received === 0) {
              broken = true;
              return yield* inThreadSalesParser.parse(dataset, path, localityIndex, batchRows);
            }
            if (failure) throw failure;
            await new Promise<void>((resolve) => (request.wake = resolve));
            continue;
          }
          received += 1;
          if (message.kind === 'batch') yield message.records;
          else if (message.kind === 'done') return message.counts;
          else throw new Error(message.message);
        }
      } finally {
        byId.delete(request.id);
      }
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
