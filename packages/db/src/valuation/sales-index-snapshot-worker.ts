/**
 * The thread of startSalesIndexSnapshot: waits for its job (the sales as COPY text), builds their
 * index, sends the serialised snapshot back, then writes its file.
 */
import { parentPort } from 'node:worker_threads';
import { writeSnapshotBytes } from '../snapshot.ts';
import { salesIndexSnapshotBytes, type SalesIndexSnapshotJob } from './load-indexed-sales.ts';

parentPort!.once('message', (job: SalesIndexSnapshotJob) => {
  const bytes = salesIndexSnapshotBytes(job);
  parentPort!.postMessage(bytes);
  writeSnapshotBytes(job.file, { directory: job.directory, name: 'sales-index' }, bytes);
});
