// The thread a build validates its OpenAPI spec in (see validateInWorker in src/pipeline/workers.ts):
// the validator is synchronous and slow on large specs, so it runs beside the rendering instead
// of before it. Answers the one job it is sent, with the problems or the error.
import { parentPort } from 'node:worker_threads';
import { runValidationJob, type ValidationJob } from './validate.ts';

parentPort!.once('message', (job: ValidationJob) => {
  runValidationJob(job).then(
    (problems) => parentPort!.postMessage({ problems }),
    (err: Error) => parentPort!.postMessage({ error: err.stack ?? String(err) }),
  );
});
