// The API thread (src/build/apiThread.ts), which on two cores loads the reference and renders the
// API pages' content beside the main thread: a build through it must write the same site, report
// the same problems and fail the same way as a build that does it all on the main thread.
// DOCSGEN_API_THREAD forces either way, whatever the machine's cores.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import { assertSameSite, CLI, FixtureSite, snapshot } from './helpers/site.mjs';

const THREAD = { DOCSGEN_API_THREAD: '1' };
const IN_PROCESS = { DOCSGEN_API_THREAD: '0' };

/** The problem lines of a build's output ("file:line: error: ..."), in order. */
const problemLines = (r) => r.stderr.split('\n').filter((l) => /: (error|warning): /.test(l));

describe('API pages rendered in the API thread', () => {
  const sites = [];
  const fixture = (name) => {
    const site = new FixtureSite(name);
    sites.push(site);
    return site;
  };
  after(() => sites.forEach((s) => s.cleanup()));

  it('writes the same site as the main thread alone', () => {
    const site = fixture('openapi-multi');
    // The docs' content is made while the thread loads the reference: with an image and links.
    fs.mkdirSync(path.join(site.root, 'content/en/docs/guide/img'), { recursive: true });
    fs.writeFileSync(path.join(site.root, 'content/en/docs/guide/img/pets.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    site.write('content/en/docs/guide/pets.md', '---\ntitle: Pets\n---\n\n![Pets](./img/pets.svg)\n\nSee [getting started](./start.md) and [create a pet](/docs/api/create-a-pet).\n');
    const a = site.run(['build'], IN_PROCESS);
    assert.equal(a.status, 0, a.stderr);
    const alone = snapshot(site.out);
    const b = site.run(['build'], THREAD);
    assert.equal(b.status, 0, b.stderr);
    const threaded = snapshot(site.out);
    // Asset names hash the bundles, which do not change between the two builds.
    assertSameSite(threaded, alone);
    assert.ok(threaded.has('docs/api/create-a-pet/index.html') && threaded.has('ko/docs/api/create-a-pet.md'));
    assert.ok([...threaded.keys()].some((rel) => /^assets\/media\/pets-[0-9a-f]+\.svg$/.test(rel.split(path.sep).join('/'))), 'the doc\'s image is published');
    assert.deepEqual(problemLines(b), problemLines(a));
  });

  it('reports a messy spec\'s warnings the same way', () => {
    const site = fixture('openapi-messy');
    const a = site.run(['build'], IN_PROCESS);
    const b = site.run(['build'], THREAD);
    assert.equal(b.status, 0, b.stderr);
    assert.ok(problemLines(a).some((l) => /warning: OpenAPI validation error/.test(l)), a.stderr);
    assert.deepEqual(problemLines(b), problemLines(a));
  });

  it('fails on an invalid spec with the same errors, and on validation errors found while the pages render', () => {
    const site = fixture('openapi-invalid');
    const spec = site.read('spec/api.yaml');
    const notes = site.read('spec/paths/notes.yaml');
    const config = site.read('site.config.ts');
    const intro = site.read('content/en/docs/intro.md');
    const cases = [
      // Found in a doc's content, which is made while the thread loads the reference.
      () => site.write('content/en/docs/intro.md', '---\ntitle: Intro\n---\n\nSee [nothing](./nothing.md) and ![gone](./gone.png).\n'),
      // Found while loading the reference: a $ref to nothing, a YAML syntax error.
      () => site.write('spec/api.yaml', spec.replace('#/notes', '#/nothing')),
      () => site.write('spec/paths/notes.yaml', 'notes:\n  get:\n    summary: "unclosed\n    tags: [x]\n'),
      // Found by the validation, which the thread runs while the pages render.
      () => {
        site.write('site.config.ts', config.replace("categorySlug: 'api' }", "categorySlug: 'api', strict: true }"));
        site.write('spec/paths/notes.yaml', notes.replace('        description: Notes.', '        descriptio: Notes.'));
      },
    ];
    for (const edit of cases) {
      edit();
      const a = site.run(['build'], IN_PROCESS);
      const b = site.run(['build'], THREAD);
      site.write('spec/api.yaml', spec);
      site.write('spec/paths/notes.yaml', notes);
      site.write('site.config.ts', config);
      site.write('content/en/docs/intro.md', intro);
      assert.notEqual(a.status, 0);
      assert.notEqual(b.status, 0, b.stdout);
      assert.ok(problemLines(b).length > 0, b.stderr);
      assert.deepEqual(problemLines(b), problemLines(a));
      assert.doesNotMatch(b.stderr, /API thread (failed|stopped)/);
    }
  });

  it('reports the validation\'s errors when the build fails before the thread has rendered its pages', () => {
    // The thread validates the spec after its last page; it stops a window of pages ahead of the
    // main thread, which here fails on a page before it takes any of the 300 API pages.
    const site = fixture('openapi-invalid');
    const ops = Array.from({ length: 300 }, (_, i) => `  /items${i}:\n    get:\n      summary: Get item ${i}\n      tags: [Items]\n      responses:\n        '200':\n          descriptio: Typo.\n`);
    site.write('spec/api.yaml', `openapi: 3.1.0\ninfo:\n  title: Many\n  version: 1.0.0\npaths:\n${ops.join('')}`);
    site.write('site.config.ts', site.read('site.config.ts').replace("categorySlug: 'api' }", "categorySlug: 'api', strict: true }"));
    site.write('content/pages/boom.tsx', "export default function Boom() {\n  throw new Error('Boom from the fixture page');\n}\n");
    const r = spawnSync(process.execPath, [CLI, 'build'], { cwd: site.root, encoding: 'utf8', env: { ...process.env, ...THREAD }, timeout: 60_000 });
    assert.equal(r.error, undefined, 'the build ended');
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /error: OpenAPI validation error at \/paths\/~1items\d+\/get\/responses\/200: must have required property .description./, r.stderr);
  });
});
