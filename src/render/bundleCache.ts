// Theme bundles kept between builds (.docsgen/bundle-cache/). esbuild spends 0.4-0.5 s of CPU on
// every build, on a core the build needs; a build whose theme, client runtime, React pages and
// dependencies are what they were reuses the last build's bundles. Inputs are compared by their
// contents, not their times: a checkout or a copy that keeps old times is still seen.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { version as esbuildVersion } from 'esbuild';
import type { SiteBundles } from './bundle.ts';

interface Manifest {
  key: string;
  /** Every file the bundles were made from: absolute path and content hash. */
  inputs: [string, string][];
  entry: string;
  css: string;
  preloads: [string, string[]][];
  /** Client bundle files, relative to the site root (as ClientBundle.files). */
  files: string[];
}

const MANIFEST = 'manifest.json';
const SERVER = 'server.mjs';

export class BundleCache {
  private readonly key: string;

  /**
   * `options` are what the bundles depend on besides their input files; `codeFile` holds the
   * code that bundles. With esbuild's version, they decide how inputs become bundles.
   */
  constructor(
    private readonly dir: string,
    private readonly root: string,
    options: object,
    codeFile: string,
  ) {
    this.key = hash(JSON.stringify({ options, esbuild: esbuildVersion, code: hashFile(codeFile) }));
  }

  /** The last build's bundles if nothing they were made from changed; the server module is copied to `serverFile`. */
  load(serverFile: string): SiteBundles | undefined {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(this.dir, MANIFEST), 'utf8')) as Manifest;
      if (manifest.key !== this.key) return undefined;
      for (const [file, digest] of manifest.inputs) if (hashFile(file) !== digest) return undefined;
      const files = new Map(manifest.files.map((f) => [f, new Uint8Array(fs.readFileSync(path.join(this.dir, 'client', f)))] as const));
      fs.copyFileSync(path.join(this.dir, SERVER), serverFile);
      return { client: { entry: manifest.entry, css: manifest.css, preloads: new Map(manifest.preloads), files }, serverFile };
    } catch {
      return undefined;
    }
  }

  /**
   * Keeps `bundles` for the next build. `inputs` are esbuild's (relative to the site root);
   * namespaced ones other than docsgen's virtual modules (which the options cover) cannot be
   * compared, and then nothing is kept.
   */
  save(bundles: SiteBundles, inputs: string[]): void {
    const files: string[] = [];
    for (const input of inputs) {
      if (input.startsWith('docsgen:')) continue;
      if (/^[\w-]+:/.test(input) && !path.isAbsolute(input)) return;
      files.push(path.resolve(this.root, input));
    }
    const tmp = `${this.dir}.tmp-${process.pid}`;
    try {
      fs.rmSync(tmp, { recursive: true, force: true });
      for (const [rel, contents] of bundles.client.files) {
        fs.mkdirSync(path.dirname(path.join(tmp, 'client', rel)), { recursive: true });
        fs.writeFileSync(path.join(tmp, 'client', rel), contents);
      }
      fs.copyFileSync(bundles.serverFile, path.join(tmp, SERVER));
      const manifest: Manifest = {
        key: this.key,
        inputs: [...new Set(files)].map((f) => [f, hashFile(f)]),
        entry: bundles.client.entry,
        css: bundles.client.css,
        preloads: [...bundles.client.preloads],
        files: [...bundles.client.files.keys()],
      };
      fs.writeFileSync(path.join(tmp, MANIFEST), JSON.stringify(manifest));
      fs.rmSync(this.dir, { recursive: true, force: true });
      fs.renameSync(tmp, this.dir);
    } catch {
      // Only a cache: the next build bundles again.
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
}

function hash(data: string | Buffer): string {
  return crypto.createHash('sha1').update(data).digest('hex');
}

function hashFile(file: string): string {
  return hash(fs.readFileSync(file));
}
