// The worker thread of site/lib/indexes.ts: builds the indexes from the data it is given and sends them
// back. Plain JavaScript: a worker does not inherit tsx's loader, so it registers it before importing
// the TypeScript that does the work.
import { register } from 'tsx/esm/api';
import { parentPort, workerData } from 'node:worker_threads';

register();
const { buildIndexes } = await import('./indexes.ts');
parentPort.postMessage(buildIndexes(workerData));
