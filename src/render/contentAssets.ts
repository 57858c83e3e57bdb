// The browser libraries that content features need, published from docsgen's own dependencies
// only when a page uses them: KaTeX's stylesheet and fonts for 'math' (the formulas are typeset
// at build time), Mermaid's ES module build for 'mermaid' (drawn in the browser). The folders
// name the library's version, so their files can be cached for good.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ContentAssets, ContentFeature } from '../types.ts';
import type { AssetRegistry } from '../transform/assets.ts';
import { PACKAGE_ROOT } from '../packageRoot.ts';

interface Library {
  /** Site path of the file pages load (the stylesheet or the module). */
  url: string;
  /** Every file to publish: [absolute file, site path]. */
  files: [string, string][];
}

const requireHere = createRequire(path.join(PACKAGE_ROOT, 'package.json'));

function packageDir(name: string): { dir: string; version: string } {
  const manifest = requireHere.resolve(`${name}/package.json`);
  return { dir: path.dirname(manifest), version: (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version };
}

function library(feature: ContentFeature): Library {
  let lib: Library;
  if (feature === 'math') {
    const { dir, version } = packageDir('katex');
    const base = `/assets/katex-${version}`;
    // The stylesheet lists woff2 first, which every supported browser reads: the other formats are left out.
    const fonts = fs.readdirSync(path.join(dir, 'dist/fonts')).filter((f) => f.endsWith('.woff2'));
    lib = {
      url: `${base}/katex.min.css`,
      files: [
        [path.join(dir, 'dist/katex.min.css'), `${base}/katex.min.css`],
        ...fonts.map((f): [string, string] => [path.join(dir, 'dist/fonts', f), `${base}/fonts/${f}`]),
      ],
    };
  } else {
    const { dir, version } = packageDir('mermaid');
    const base = `/assets/mermaid-${version}`;
    const chunks = path.join(dir, 'dist/chunks/mermaid.esm.min');
    lib = {
      url: `${base}/mermaid.esm.min.mjs`,
      files: [
        [path.join(dir, 'dist/mermaid.esm.min.mjs'), `${base}/mermaid.esm.min.mjs`],
        ...fs
          .readdirSync(chunks)
          .filter((f) => f.endsWith('.mjs'))
          .map((f): [string, string] => [path.join(chunks, f), `${base}/chunks/mermaid.esm.min/${f}`]),
      ],
    };
  }
  return lib;
}

/** The URLs a page with these features loads; registers the libraries' files to be published. */
export function contentAssets(features: Iterable<ContentFeature>, assets: AssetRegistry): ContentAssets | undefined {
  let out: ContentAssets | undefined;
  for (const feature of features) {
    const lib = library(feature);
    let url = '';
    for (const [file, sitePath] of lib.files) {
      const published = assets.addLibrary(file, sitePath);
      if (sitePath === lib.url) url = published;
    }
    out ??= {};
    if (feature === 'math') (out.styles ??= []).push(url);
    else out.mermaid = url;
  }
  return out;
}
