/**
 * Who reads the bundled sales files for the ingest (issue 32.1). The ingest's thread spends about
 * as long reading, parsing, cleaning and placing a file's rows (3.8 s for the three files) as writing
 * them to PGlite; a second thread reads the next batches while it writes one.
 */
import type { Worker } from 'node:worker_threads';
import { startTypeScriptWorker } from '../worker-thread.ts';
import type { SalesDataset } from './bundled-datasets.ts';
import { readVgArchiveFiles, readVgSales, type ReadVgSales } from './nsw-vg-sales.ts';
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
  /**
   * Starts reading and cleaning a file before the gazetteer is loaded (a first load's first sales
   * file, while the gazetteer is written): its sales are placed when parse() or prefetch() asks for
   * them, so that the writer does not wait for the file's reading.
   */
  readAhead(dataset: SalesDataset, path: string): void;
  /** The NSW Valuer General's archives read, parsed and cleaned (readVgSales): placing and writing them is the caller's. */
  readVg(paths: readonly string[], source: string): Promise<ReadVgSales>;
  /** Starts readVg's work ahead, after the files asked for before it. */
  prefetchVg(paths: readonly string[], source: string): void;
  close(): Promise<void>;
}

/** A request to the parsing thread, and what it answers. */
export type SalesParseRequest = {
  /** Echoed in every answer: a request its reader gave up on (its load failed) never feeds the next one. */
  id: number;
} & (
  | { kind: 'sales'; datasetId: string; path: string; localityIndex: LocalityIndex; batchRows: number }
  | { kind: 'read'; datasetId: string; path: string }
  | { kind: 'nsw-vg'; paths: readonly string[]; source: string }
);
export type SalesParseAnswer = { kind: 'batch'; records: SaleRecord[] } | { kind: 'done'; counts: LoadCounts } | { kind: 'vg'; read: ReadVgSales } | { kind: 'error'; message: string };
export type SalesParseMessage = SalesParseAnswer & { id: number };

/** Parses in the calling thread. */
export const inThreadSalesParser: SalesParser = {
  async *parse(dataset, path, localityIndex, batchRows) {
    const tally = yield* parseSalesFile(dataset, path, localityIndex, batchRows);
    return tally.toCounts();
  },
  prefetch: () => undefined,
  readAhead: () => undefined,
  readVg: async (paths, source) => readVgSales(await readVgArchiveFiles(paths), source),
  prefetchVg: () => undefined,
  close: async () => undefined,
};

const WORKER_FILE = new URL('./sales-parser-worker.ts', import.meta.url);

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

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
  const vgKeyOf = (paths: readonly string[], source: string) => `nsw-vg\n${source}\n${paths.join('\n')}`;
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
  const postRequest = (body: DistributiveOmit<SalesParseRequest, 'id'>): PostedRequest => {
    requests += 1;
    const request: PostedRequest = { id: requests, queue: [], wake: null };
    byId.set(request.id, request);
    worker.postMessage({ id: request.id, ...body } satisfies SalesParseRequest);
    return request;
  };
  const post = (dataset: SalesDataset, path: string, localityIndex: LocalityIndex, batchRows: number) => postRequest({ kind: 'sales', datasetId: dataset.id, path, localityIndex, batchRows });
  const postVg = (paths: readonly string[], source: string) => postRequest({ kind: 'nsw-vg', paths, source });
  /** The request prefetched under `key` (forgotten: it is read now), else one posted now. */
  const take = (key: string, postNow: () => PostedRequest): PostedRequest => {
    const request = prefetched.get(key) ?? postNow();
    prefetched.delete(key);
    return request;
  };
  /** The next answer to `request`; null when the thread failed before it. */
  const nextAnswer = async (request: PostedRequest): Promise<SalesParseMessage | null> => {
    for (;;) {
      const message = request.queue.shift();
      if (message !== undefined) return message;
      if (failure) return null;
      await new Promise<void>((resolve) => (request.wake = resolve));
    }
  };
  return {
    prefetch(dataset, path, localityIndex, batchRows) {
      const key = keyOf(dataset, path);
      if (!broken && failure === null && !prefetched.has(key)) prefetched.set(key, post(dataset, path, localityIndex, batchRows));
    },
    readAhead(dataset, path) {
      // Nothing is answered: the file's `sales` request (parse or prefetch) places what was read.
      if (!broken && failure === null) byId.delete(postRequest({ kind: 'read', datasetId: dataset.id, path }).id);
    },
    async *parse(dataset, path, localityIndex, batchRows) {
      if (broken) return yield* inThreadSalesParser.parse(dataset, path, localityIndex, batchRows);
      const request = take(keyOf(dataset, path), () => post(dataset, path, localityIndex, batchRows));
      let received = 0;
      try {
        for (;;) {
          const message = await nextAnswer(request);
          if (message === null) {
            if (received > 0) throw failure;
            broken = true;
            return yield* inThreadSalesParser.parse(dataset, path, localityIndex, batchRows);
          }
          received += 1;
          if (message.kind === 'batch') yield message.records;
          else if (message.kind === 'done') return message.counts;
          else throw new Error(message.kind === 'error' ? message.message : `unexpected answer ${message.kind}`);
        }
      } finally {
        byId.delete(request.id);
      }
    },
    prefetchVg(paths, source) {
      const key = vgKeyOf(paths, source);
      if (!broken && failure === null && !prefetched.has(key)) prefetched.set(key, postVg(paths, source));
    },
    async readVg(paths, source) {
      if (broken) return inThreadSalesParser.readVg(paths, source);
      const request = take(vgKeyOf(paths, source), () => postVg(paths, source));
      try {
        const message = await nextAnswer(request);
        if (message === null) {
          broken = true;
          return await inThreadSalesParser.readVg(paths, source);
        }
        if (message.kind === 'vg') return message.read;
        // An archive that is not one: the same VALIDATION_ERROR the calling thread would give.
        if (message.kind === 'error') return await inThreadSalesParser.readVg(paths, source);
        throw new Error(`unexpected answer ${message.kind}`);
      } finally {
        byId.delete(request.id);
      }
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
