// Nothing outside the site root is published: Markdown links and images to outside files, blog
// author images outside, symlinks in content/ and static/ that leave the site are build errors;
// a malformed %-escape in a link is an error at its line. Both servers answer only their own Host
// header when bound to loopback (DNS rebinding).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FixtureSite } from './helpers/site.mjs';
import { startServer } from '../lib/index.js';

const DOC = 'content/en/docs/guide/stock.md';

let site;
let outside;
before(() => {
  site = new FixtureSite('basic');
  site.buildOk();
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'TOPSECRET\n');
  fs.writeFileSync(path.join(outside, 'secret.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><!-- TOPSECRET --></svg>\n');
  fs.writeFileSync(path.join(outside, 'page.md'), '---\ntitle: Outside\n---\n\nTOPSECRET\n');
});
after(() => {
  site?.cleanup();
  if (outside) fs.rmSync(outside, { recursive: true, force: true });
});

describe('nothing outside the site root is published', () => {
  let previous;
  before(() => {
    previous = site.output('/docs/guide/stock');
  });

  /** The build fails with these problems, writes nothing, and no outside file reached dist/. */
  const expectFailure = (patterns) => {
    const r = site.build();
    assert.equal(r.status, 1, r.stderr + r.stdout);
    for (const p of patterns) assert.match(r.stderr, p);
    assert.match(r.stderr, /Build failed: \d+ problems? found\. The previous output was left untouched\./);
    assert.equal(site.output('/docs/guide/stock'), previous, 'dist/ is untouched');
    for (const rel of fs.readdirSync(site.out, { recursive: true })) {
      const file = path.join(site.out, rel);
      if (fs.statSync(file).isFile()) assert.ok(!fs.readFileSync(file, 'utf8').includes('TOPSECRET'), `${rel} holds no outside file`);
    }
    return r;
  };

  /** Appends Markdown to a doc for the duration of fn. */
  const withDoc = (markdown, fn) => {
    const original = site.read(DOC);
    site.write(DOC, `${original}\n${markdown}\n`);
    try {
      return fn(original.split('\n').length + 1);
    } finally {
      site.write(DOC, original);
    }
  };

  /** Links a path in the site (a symlink at `rel`) to `target` for the duration of fn. */
  const withSymlink = (rel, target, fn) => {
    const link = path.join(site.root, rel);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(target, link);
    try {
      return fn();
    } finally {
      fs.rmSync(link);
    }
  };

  const fromDoc = (file) =>
    path
      .relative(path.dirname(path.join(site.root, DOC)), file)
      .split(path.sep)
      .join('/');

  it('refuses a Markdown link to a file outside the site', () => {
    const deep = '../'.repeat(12) + 'etc/passwd';
    withDoc(`Read [the secret](${fromDoc(path.join(outside, 'secret.txt'))}) and [passwords](${deep}).`, (line) => {
      const r = expectFailure([
        new RegExp(`content/en/docs/guide/stock\\.md:${line}: error: Link "\\.\\./[^"]*secret\\.txt" leads outside the site`),
        new RegExp(`content/en/docs/guide/stock\\.md:${line}: error: Link "(\\.\\./)+etc/passwd" leads outside the site`),
        /hint: /,
      ]);
      assert.doesNotMatch(r.stderr, new RegExp(outside), 'the message names paths relative to the site');
    });
  });

  it('refuses a Markdown image outside the site, and one under static/ that climbs out of it', () => {
    withDoc(`![secret](${fromDoc(path.join(outside, 'secret.svg'))})\n\n![config](/../site.config.ts)`, (line) =>
      expectFailure([
        new RegExp(`content/en/docs/guide/stock\\.md:${line}: error: Image "\\.\\./[^"]*secret\\.svg" leads outside the site`),
        new RegExp(`content/en/docs/guide/stock\\.md:${line + 2}: error: Image "/\\.\\./site\\.config\\.ts" leads outside static/`),
      ]),
    );
  });

  it('refuses a symlink in content/ that leaves the site: a page, an image, a linked file', () => {
    withSymlink('content/en/docs/guide/img/linked.svg', path.join(outside, 'secret.svg'), () =>
      withSymlink('content/en/docs/guide/outside.md', path.join(outside, 'page.md'), () =>
        expectFailure([
          /content\/en\/docs\/guide\/outside\.md: error: This symlink in content\/ leads outside the site/,
          /content\/en\/docs\/guide\/img\/linked\.svg: error: This symlink in content\/ leads outside the site/,
          /hint: /,
        ]),
      ),
    );
    // A file the content scan does not list is checked where a page links to it.
    withSymlink('content/en/docs/guide/files/linked.txt', path.join(outside, 'secret.txt'), () =>
      withDoc('[download](./files/linked.txt)', (line) =>
        expectFailure([new RegExp(`content/en/docs/guide/stock\\.md:${line}: error: Link "\\./files/linked\\.txt" leads outside the site`)]),
      ),
    );
  });

  it("refuses a blog author's image outside the site, also through a symlink, at its line in authors.yml", () => {
    const file = 'content/en/blog/authors.yml';
    const original = site.read(file);
    const fromAuthors = (target) => path.relative(path.join(site.root, 'content/en/blog'), target).split(path.sep).join('/');
    site.write(
      file,
      [
        'ana:',
        '  name: Ana Lee',
        '  title: Writer',
        `  image: ${fromAuthors(path.join(outside, 'secret.svg'))}`,
        'bo:',
        '  name: Bo',
        '  image_url: ../../../avatars/secret.svg',
        'cy:',
        '  name: Cy',
        `  image: ${'../'.repeat(12)}etc/hostname`,
        'di:',
        '  name: Di',
        '  image: ./missing.svg',
        '',
      ].join('\n'),
    );
    try {
      // A folder symlink outside content/ and static/: only the author's image leads through it.
      withSymlink('avatars', outside, () =>
        expectFailure([
          /content\/en\/blog\/authors\.yml:4: error: Author "ana" image "\.\.\/[^"]*secret\.svg" leads outside the site.*\n  hint: /,
          /content\/en\/blog\/authors\.yml:7: error: Author "bo" image_url "\.\.\/\.\.\/\.\.\/avatars\/secret\.svg" leads outside the site/,
          /content\/en\/blog\/authors\.yml:10: error: Author "cy" image "(\.\.\/)+etc\/hostname" leads outside the site/,
          /content\/en\/blog\/authors\.yml:13: error: Author "di" image not found: "\.\/missing\.svg".*\n  hint: /,
        ]),
      );
    } finally {
      site.write(file, original);
    }
  });

  it('reports a link or image whose %-escapes decode to no text at its line, without a stack', () => {
    // markdown-it reads a "%" that starts no escape as a "%" (writing it %25): a file of that name.
    withDoc('[a](./a%zz.md) ![b](./img%.png)\n\n[c](./c%ff.md) ![d](./d%C3.png) [e](#e%ff)', (line) => {
      const at = (n) => `content/en/docs/guide/stock\\.md:${n}: error: `;
      const r = expectFailure([
        new RegExp(`${at(line)}Broken link "\\./a%25zz\\.md": no page content/en/docs/guide/a%zz\\.md\n  hint: `),
        new RegExp(`${at(line)}Image not found: "\\./img%25\\.png" \\(content/en/docs/guide/img%\\.png\\)\n  hint: `),
        new RegExp(`${at(line + 2)}Link "\\./c%ff\\.md" has a %-escape that is no UTF-8 text\n  hint: `),
        new RegExp(`${at(line + 2)}Image "\\./d%C3\\.png" has a %-escape that is no UTF-8 text\n  hint: `),
        new RegExp(`${at(line + 2)}Link "#e%ff" has a %-escape that is no UTF-8 text\n  hint: `),
      ]);
      assert.doesNotMatch(r.stderr, /URIError|\n\s+at /);
    });
  });

  it('refuses a symlink in static/ to a file outside the site', () => {
    withSymlink('static/leak.txt', path.join(outside, 'secret.txt'), () => expectFailure([/static\/leak\.txt: error: .*symlink.* outside the site/, /hint: /]));
  });

  it('refuses a symlink in static/ to a folder outside the site', () => {
    withSymlink('static/etc', outside, () => expectFailure([/static\/etc: error: .*symlink.* outside the site/, /hint: /]));
  });

  it('publishes a symlink in static/ to a file inside the site', () => {
    withSymlink('static/diagram.svg', path.join(site.root, 'content/en/docs/guide/img/diagram.svg'), () => {
      site.buildOk();
      assert.match(site.output('diagram.svg'), /<svg/);
    });
  });
});

/** A request with a given Host header. */
function get(port, host) {
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('both servers answer only their own Host on loopback', () => {
  const servers = {};
  const quiet = { info() {}, problem() {} };
  before(async () => {
    site.buildOk();
    servers['serve --no-watch'] = await startServer({ root: site.root, port: 0, watch: false, log: quiet });
    servers['serve'] = await startServer({ root: site.root, port: 0, log: quiet });
  });
  after(async () => {
    for (const server of Object.values(servers)) await server.close();
  });

  for (const name of ['serve --no-watch', 'serve']) {
    it(`${name}: a foreign Host gets 403, localhost and 127.0.0.1 are served`, async () => {
      const { port } = servers[name];
      assert.equal(await get(port, 'attacker.example'), 403);
      assert.equal(await get(port, `attacker.example:${port}`), 403);
      assert.equal(await get(port, `localhost:${port}`), 200);
      assert.equal(await get(port, `127.0.0.1:${port}`), 200);
    });
  }
});
