// The thread a build validates its OpenAPI spec in (see validateElsewhere in index.ts): the
// validator is synchronous and slow on large specs, so it runs beside the rendering instead of
// before it. Answers the one job it is sent, with the problems or the error.
import { parentPort } from 'node:worker_threads';
import { runValidationJob, type ValidationJob } from './validate.ts';
import { lowerThreadPriority } from '../build/threadPriority.ts';

lowerThreadPriority();

// json-schema-ref-parser, inside the validator, asks whether each option it merges is a `Headers`,
// and the first look at that global makes Node load its whole fetch implementation (undici):
// 10-33 ms of this thread's CPU (validating alone, 4 alternating runs), for a validation that
// fetches nothing (external $refs are off, see runValidator). This thread only validates; a plain
// class answers the question.
Object.defineProperty(globalThis, 'Headers', { value: class Headers {}, configurable: true, writable: true });

// The job comes once the thread that started this one has made it (see validateInThread).
parentPort!.once('message', (job: ValidationJob) => {
  runValidationJob(job).then(
    (problems) => parentPort!.postMessage({ problems }),
    (err: Error) => parentPort!.postMessage({ error: err.stack ?? String(err) }),
  );
});
