/**
 * The thread of startSalesIndexSnapshot: keeps the sales of each set it is sent as it comes (a first
 * load sends them as they are written: the sales themselves, or their COPY text, parsed at once),
 * then, given its job, builds their index, sends the serialised snapshot back and writes its file.
 */
import { parentPort } from 'node:worker_threads';
import type { IndexedSale } from '@propguard/engines';
import { writeSnapshotBytes } from '../snapshot.ts';
import { salesFromCopyText, salesIndexSnapshotBytes, type SalesIndexThreadMessage } from './load-indexed-sales.ts';

const port = parentPort!;
const parts: (readonly IndexedSale[])[] = [];
const onMessage = (message: SalesIndexThreadMessage) => {
  if (message.kind === 'part') {
    parts.push(salesFromCopyText(message.text, message.fields));
    return;
  }
  if (message.kind === 'sales') {
    parts.push(message.sales);
    return;
  }
  port.off('message', onMessage);
  const bytes = salesIndexSnapshotBytes(message, parts);
  port.postMessage(bytes);
  writeSnapshotBytes(message.file, { directory: message.directory, name: 'sales-index' }, bytes);
};
port.on('message', onMessage);
