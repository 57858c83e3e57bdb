// Author mistakes: every problem is reported with file, line and what is wrong; the build exits
// with 1 and leaves the previous output untouched; bad usage exits with 2.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FixtureSite } from './helpers/site.mjs';

describe('build errors', () => {
  let site;
  let previous;
  before(() => {
    site = new FixtureSite('basic');
    site.buildOk();
    previous = site.output('/docs/guide/start');
  });
  after(() => site.cleanup());

  const expectFailure = (stderrPatterns) => {
    const r = site.build();
    assert.equal(r.status, 1, r.stderr);
    for (const p of stderrPatterns) assert.match(r.stderr, p);
    assert.match(r.stderr, /Build failed: \d+ problems? found\. The previous output was left untouched\./);
    assert.equal(site.output('/docs/guide/start'), previous, 'dist/ is untouched');
    assert.deepEqual(
      fs.readdirSync(site.root).filter((n) => n.includes('.tmp-')),
      [],
      'no temporary folder is left',
    );
    return r;
  };

  /** Changes a file for the duration of fn, restoring it even when an assertion fails. */
  const withEdit = (rel, change, fn) => {
    const original = site.read(rel);
    site.write(rel, change(original));
    try {
      return fn();
    } finally {
      site.write(rel, original);
    }
  };

  it('reports every broken link and anchor with file and line', () => {
    withEdit(
      'content/en/docs/guide/stock.md',
      (s) => s + '\nSee [nothing](./missing.md) and [a bad anchor](./start.md#no-such-heading).\n\nAlso [a route](/docs/nowhere).\n',
      () => {
        const r = expectFailure([
          /content\/en\/docs\/guide\/stock\.md:17: error: Broken link "\.\/missing\.md": no page content\/en\/docs\/guide\/missing\.md/,
          /content\/en\/docs\/guide\/stock\.md:17: error: Broken anchor "\.\/start\.md#no-such-heading": \/docs\/guide\/start has no heading with id "no-such-heading"/,
          /content\/en\/docs\/guide\/stock\.md:19: error: Broken link "\/docs\/nowhere": no page at \/docs\/nowhere/,
        ]);
        // The Korean fallback page renders the same file: its links are checked under /ko too, and
        // the one broken link is reported once with both missing pages.
        assert.match(r.stderr, /Broken link "\/docs\/nowhere": no page at \/docs\/nowhere, \/ko\/docs\/nowhere\n/);
        assert.equal(r.stderr.match(/Broken link "\.\/missing\.md"/g).length, 1, 'the same problem is reported once');
      },
    );
  });

  it('reports invalid front matter with its line', () => {
    withEdit(
      'content/en/docs/guide/stock.md',
      (s) => s.replace('sidebar_position: 2', 'sidebar_position: two'),
      () => expectFailure([/content\/en\/docs\/guide\/stock\.md:3: error: Invalid front matter "sidebar_position": expected number, received string/]),
    );
    withEdit(
      'content/en/docs/guide/stock.md',
      (s) => s.replace('sidebar_position: 2', 'title: Again'),
      () => expectFailure([/content\/en\/docs\/guide\/stock\.md:3: error: Invalid front matter: duplicated mapping key/, /hint: Front matter is YAML/]),
    );
  });

  it('reports a missing image with its line', () => {
    withEdit(
      'content/en/docs/guide/stock.md',
      (s) => s + '\n![Map](./img/map.png)\n',
      () => expectFailure([/content\/en\/docs\/guide\/stock\.md:17: error: Image not found: "\.\/img\/map\.png"/]),
    );
  });

  it('names a React page module without a default export', () => {
    site.write('content/pages/broken.tsx', 'export const meta = { title: "Broken" };\n');
    try {
      expectFailure([
        /content\/pages\/broken\.tsx:1: error: The page module "content\/pages\/broken\.tsx" has no default export: a React page must export a default component/,
      ]);
    } finally {
      site.remove('content/pages/broken.tsx');
    }
  });

  it('reports a React page that does not compile with its file and line', () => {
    site.write('content/pages/typo.tsx', 'export default function Typo() {\n  return <main>Stock</main>;\n}\nconst total = (1 + ;\n');
    try {
      expectFailure([/content\/pages\/typo\.tsx:4: error: The theme does not compile: Unexpected ";"/, /hint: Fix the template or React page at this line/]);
    } finally {
      site.remove('content/pages/typo.tsx');
    }
  });

  it('names the bad config key, what was expected and its line', () => {
    withEdit(
      'site.config.ts',
      (s) => s.replace("title: 'Fixture Docs',", "title: 'Fixture Docs',\n  colorMode: { default: 'blue' },\n  tocLevels: 3,"),
      () => {
        const r = expectFailure([
          /site\.config\.ts:5: error: Invalid config at "colorMode\.default": expected one of "light"\|"dark"/,
          /site\.config\.ts:6: error: Invalid config at "\(root\)": unknown key "tocLevels"/,
        ]);
        assert.ok(r.stderr.split('\n').filter((l) => l.includes('error:')).length >= 2, 'all problems are listed');
      },
    );
  });

  it('exits with 2 on bad usage', () => {
    assert.equal(site.run(['build', '--no-such-flag']).status, 2);
    assert.equal(site.run(['frobnicate']).status, 2);
    const r = site.run(['build', '--locale', 'fr']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /unknown locale "fr"/);
  });

  it('still builds after the mistakes are fixed', () => {
    site.buildOk();
    assert.ok(fs.existsSync(path.join(site.out, 'docs/guide/stock/index.html')));
  });
});
