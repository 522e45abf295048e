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
  close: async () => undefined,
};

const WORKER_FILE = new URL('./sales-parser-worker.ts', import.meta.url);

/**
 * Parses on a thread of its own, which reads ahead of the writer (a file's batches wait in the
 * message queue: at most Sydney's, about 80 MB). One file at a time. The calling thread parses
 * instead when the thread cannot be started or fails before its first answer.
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
  let requests = 0;
  return {
    async *parse(dataset, path, localityIndex, batchRows) {
      if (broken) return yield* inThreadSalesParser.parse(dataset, path, localityIndex, batchRows);
      let received = 0;
      requests += 1;
      const id = requests;
      const queue: SalesParseMessage[] = [];
      let failure: Error | null = null;
      let wake: (() => void) | null = null;
      const notify = () => {
        wake?.();
        wake = null;
      };
      const onMessage = (message: SalesParseMessage) => {
        if (message.id !== id) return;
        queue.push(message);
        notify();
      };
      const onError = (error: Error) => {
        failure = error;
        notify();
      };
      const onExit = (code: number) => {
        failure ??= new Error(`the sales parsing thread stopped (exit code ${code})`);
        notify();
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      try {
        worker.postMessage({ id, datasetId: dataset.id, path, localityIndex, batchRows } satisfies SalesParseRequest);
        for (;;) {
          const message = queue.shift();
          if (message === undefined) {
            if (failure && received === 0) {
              broken = true;
              return yield* inThreadSalesParser.parse(dataset, path, localityIndex, batchRows);
            }
            if (failure) throw failure;
            await new Promise<void>((resolve) => (wake = resolve));
            continue;
          }
          received += 1;
          if (message.kind === 'batch') yield message.records;
          else if (message.kind === 'done') return message.counts;
          else throw new Error(message.message);
        }
      } finally {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      }
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
