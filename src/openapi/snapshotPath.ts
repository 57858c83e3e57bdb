// Where the snapshot of a spec's reference is kept (see keptReference.ts): a module of its own, so
// that a build can look for it without loading the OpenAPI stage.
import crypto from 'node:crypto';
import path from 'node:path';

export const snapshotFile = (cacheDir: string, rootFile: string) => path.join(cacheDir, `api-reference-${crypto.createHash('sha1').update(rootFile).digest('hex').slice(0, 16)}.json`);
