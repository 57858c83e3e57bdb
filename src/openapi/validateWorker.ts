// The thread a build validates its OpenAPI spec in (see validateElsewhere in index.ts): the
// validator is synchronous and slow on large specs, so it runs beside the rendering instead of
// before it. Answers once, with the problems or the error.
import { parentPort, workerData } from 'node:worker_threads';
import { runValidationJob, type ValidationJob } from './validate.ts';
import { lowerThreadPriority } from '../build/threadPriority.ts';

lowerThreadPriority();

runValidationJob(workerData as ValidationJob).then(
  (problems) => parentPort!.postMessage({ problems }),
  (err: Error) => parentPort!.postMessage({ error: err.stack ?? String(err) }),
);
