// Docusaurus 3 Markdown (test/fixtures/docusaurus-md, markdown.format 'mdx'): .md files compiled
// as MDX with no MDX source, HTML comment or JSX published as text; heading ids as github-slugger
// makes them; `toc` and @theme/TOCInline; .md/.mdx partials imported (relative and @site/);
// Tabs; npm2yarn tabs; highlight comments; the @docusaurus/ modules; and, with format 'detect',
// a warning where a .md file holds MDX. Also a page calling process.exit(), an unknown @theme/
// name and a package that is not installed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import GithubSlugger from 'github-slugger';
import { FixtureSite } from './helpers/site.mjs';
import { openPage, servedFixture } from './helpers/browser.mjs';
import { applyMagicComments, npmToPnpm, npmToYarn } from '../lib/internals.js';

const pageData = (html) => JSON.parse(/<script type="application\/json" id="[^"]+">(.*?)<\/script>/s.exec(html)[1]).page;
const body = (html) => /data-docsgen-content="true">(.*?)<\/article>/s.exec(html)?.[1] ?? '';
/** The body's text outside code, with React's empty <!-- --> text separators left out. */
const prose = (html) =>
  body(html)
    .replace(/<pre[\s\S]*?<\/pre>/g, '')
    .replace(/<!-- -->/g, '');
/** The lines of the code block whose title or language is given, each as [text, highlighted]. */
function codeLines(html, marker) {
  const start = html.indexOf(marker);
  const block = html.slice(start, html.indexOf('</pre>', start));
  return [...block.matchAll(/<span class="line( highlighted)?">(.*?)<\/span>(?=\n|<\/code>)/g)].map((m) => [m[2].replace(/<[^>]+>/g, ''), Boolean(m[1])]);
}

describe('Docusaurus Markdown compiled as MDX', () => {
  let site;
  let build;
  before(() => {
    site = new FixtureSite('docusaurus-md');
    build = site.buildOk();
  });
  after(() => site?.cleanup());

  it('builds without a warning and publishes no import, export, JSX or comment as text', () => {
    assert.doesNotMatch(build.stderr, /warning|error/i, build.stderr);
    for (const route of ['/docs/setup', '/docs/context']) {
      const text = prose(site.output(route));
      assert.doesNotMatch(text, /\bimport\s|\bexport\s|<\/?(Tabs|TabItem|TOCInline|Requirements|SharedNote|SiteTitle|Link)\b|\{\/\*|<!--|toc\.slice/, route);
      assert.doesNotMatch(text, /for the authors only|an inline note for authors|a note inside the partial|An MDX comment/, `${route}: comments dropped`);
    }
    assert.doesNotMatch(site.output('/docs/setup'), /<meta name="description" content="[^"]*(import|<Tabs)/);
    assert.match(prose(site.output('/docs/setup')), /Gadget syncs stock between stores\. It runs anywhere\./, 'an inline comment leaves its sentence whole');
  });

  it("gives headings github-slugger's ids, with its -1 for a repeat and {#id} as written; the partial's headings count where it is used", () => {
    const slugger = new GithubSlugger();
    const expected = ['Before you start', 'Install', null, '--dry-run and other flags', 'Install'].map((text) =>
      text === null ? 'configure-it' : slugger.slug(text),
    );
    assert.deepEqual(expected, ['before-you-start', 'install', 'configure-it', '--dry-run-and-other-flags', 'install-1']);
    const html = site.output('/docs/setup');
    assert.deepEqual(
      [...body(html).matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]),
      expected,
    );
    assert.deepEqual(
      pageData(html).toc.map((t) => t.id),
      expected,
      "the page's table of contents lists them, the partial's included",
    );
    assert.match(body(html), /<a href="#before-you-start">the requirements<\/a>/, 'a link to a heading of the partial is not broken');
  });

  it("renders @theme/TOCInline from the exported toc (toc.slice(1) leaves the first heading out), with the headings' HTML", () => {
    const toc = /<div class="toc-in-text">(.*?)<\/div>/s.exec(body(site.output('/docs/setup')))?.[1];
    assert.ok(toc, 'TOCInline rendered');
    assert.deepEqual(
      [...toc.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]),
      ['install', 'configure-it', '--dry-run-and-other-flags', 'install-1'],
    );
    assert.match(toc, /<a href="#--dry-run-and-other-flags"><code>--dry-run<\/code> and other flags<\/a>/);
  });

  it('ships no page script for a page whose imports only render HTML (TOCInline, Link, a partial)', () => {
    site.write(
      'content/en/docs/static.md',
      "---\ntitle: Static\n---\n\nimport TOCInline from '@theme/TOCInline';\nimport Link from '@docusaurus/Link';\nimport Requirements from './_requirements.md';\n\n<TOCInline toc={toc} />\n\n<Requirements />\n\n## More\n\n<Link to=\"/docs/setup\">Set up</Link>\n",
    );
    try {
      site.buildOk();
      const html = site.output('/docs/static');
      assert.notEqual(pageData(html).mdx?.hydrate, true);
      assert.deepEqual(
        [...body(html).matchAll(/<div class="toc-in-text">.*?<\/div>/gs)].map((m) => [...m[0].matchAll(/href="#([^"]+)"/g)].map((h) => h[1]))[0],
        ['before-you-start', 'more'],
      );
    } finally {
      site.remove('content/en/docs/static.md');
    }
  });

  it('inlines imported partials (a relative .md, an .mdx through @site/) with their own Markdown, admonitions and links', () => {
    const content = body(site.output('/docs/setup'));
    assert.match(content, /<h2 id="before-you-start"[^>]*>Before you start/);
    assert.match(content, /<p>You need a store account\. ?<\/p>\s*<ul>\s*<li>Node\.js 20<\/li>/);
    assert.match(content, /<div class="admonition admonition-tip" role="note"><p class="admonition-title">Shared note<\/p>/);
    assert.match(content, /imported with <code>@site\/<\/code>/);
    assert.match(content, /<a href="\/docs\/setup#configure-it">the setup page<\/a>/, "a partial's relative link is resolved from the partial's folder");
  });

  it('renders Tabs as tabs, and a npm2yarn fence as npm / Yarn / pnpm tabs with the commands converted', () => {
    const html = site.output('/docs/setup');
    const content = body(html);
    assert.match(
      content,
      /<div role="tablist" aria-orientation="horizontal"><button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>macOS<\/button><button[^>]*aria-selected="false"[^>]*>Linux<\/button>/,
    );
    assert.match(content, /role="tabpanel"[^>]*hidden=""[^>]*><p>Use the package from the releases page\.<\/p>/, 'the other tab is hidden');
    assert.equal(pageData(html).mdx.hydrate, true, 'the page with Tabs is hydrated');
    // Each tab set, cut where the next one starts.
    const sets = content
      .split('<div class="tabs">')
      .slice(1)
      .filter((set) => set.includes('>Yarn</button>'));
    assert.equal(sets.length, 2, 'two npm2yarn fences, two tab sets');
    assert.deepEqual(
      [...sets[0].matchAll(/role="tab"[^>]*>([^<]+)<\/button>/g)].map((m) => m[1]),
      ['npm', 'Yarn', 'pnpm'],
    );
    const commands = (set) => [...set.matchAll(/<span class="line">(.*?)<\/span><\/code>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
    assert.deepEqual(commands(sets[0]), ['npm install --save-dev gadget-cli', 'yarn add --dev gadget-cli', 'pnpm add --save-dev gadget-cli']);
    assert.deepEqual(commands(sets[1]), ['npm run gadget -- --dry-run', 'yarn gadget --dry-run', 'pnpm run gadget -- --dry-run']);
    assert.deepEqual(
      [...sets[0].matchAll(/<div role="tabpanel"([^>]*)>/g)].map((m) => m[1].includes('hidden')),
      [false, true, true],
      'only the npm panel shows first',
    );
  });

  it("highlights the lines highlight comments mark, in each language's comment form, and leaves them out; a {range} wins", () => {
    const content = body(site.output('/docs/setup'));
    assert.deepEqual(codeLines(content, 'gadget.config.js</div>'), [
      ['export default {', false],
      ['  store: &#x27;main&#x27;,', false],
      ['  retries: 3,', true],
      ['  timeout: 30,', true],
      ['  verbose: false,', true],
      ['};', false],
    ]);
    assert.deepEqual(codeLines(content, 'class="language-yaml"'), [['store: main', true]]);
    assert.deepEqual(codeLines(content, 'class="language-html"'), [['&lt;gadget-widget&gt;&lt;/gadget-widget&gt;', true]]);
    const ranged = codeLines(content, '<div class="code-block line-numbers" data-lang="js">');
    assert.deepEqual(
      ranged.map(([, h]) => h),
      [false, true, true, false],
    );
    assert.equal(ranged[3][0], '// highlight-next-line', 'with a range the comment stays code');
  });

  it('resolves @docusaurus/useDocusaurusContext, useBaseUrl and Link', () => {
    const content = body(site.output('/docs/context'));
    assert.match(content, /This site is <strong>Gadget Docs<\/strong>\./);
    assert.match(content, /<code>\/img\/logo\.svg<\/code>/);
    assert.match(content, /<a href="\/docs\/setup">Back to setup<\/a>/);
  });

  it('fails the build naming the page that calls process.exit(), leaving the previous output as it was', () => {
    const before = site.output('/docs/setup');
    site.write('content/en/docs/quit.md', '---\ntitle: Quit\n---\n\nexport function Quit() {\n  process.exit(0);\n  return null;\n}\n\n<Quit />\n');
    try {
      const r = site.build();
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stderr, /content\/en\/docs\/quit\.md: error: the page called process\.exit\(0\) while the site was rendered/);
      assert.equal(site.output('/docs/setup'), before);
      assert.ok(!site.exists('docs/quit/index.html'));
    } finally {
      site.remove('content/en/docs/quit.md');
    }
  });

  it('names an unknown @theme/ component at its line, and builds a page whose package is not installed with a warning', () => {
    site.write('content/en/docs/extra.md', "---\ntitle: Extra\n---\n\nimport Tabz from '@theme/Tabz';\n\n<Tabz />\n");
    let r = site.build();
    assert.equal(r.status, 1);
    assert.match(r.stderr, /content\/en\/docs\/extra\.md:5: error: MDX: The theme has no component "@theme\/Tabz"\n\s+hint: Did you mean "@theme\/Tabs"\?/);
    site.write(
      'content/en/docs/extra.md',
      '---\ntitle: Extra\n---\n\nimport Embed from \'lite-video-embed-not-installed\';\n\nBefore.\n\n<Embed id="x" />\n\nAfter.\n',
    );
    r = site.build();
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stderr,
      /content\/en\/docs\/extra\.md:5: warning: "lite-video-embed-not-installed" is not installed: what this page imports from it renders nothing/,
    );
    assert.match(prose(site.output('/docs/extra')), /<p>Before\.<\/p>\s*<p>After\.<\/p>/);
    site.remove('content/en/docs/extra.md');
  });
});

describe('Docusaurus names in React pages and overrides', () => {
  let site;
  before(() => {
    site = new FixtureSite('docusaurus-md');
    // A swizzle-style override: the component as the default export, where the theme's Footer is named.
    site.write(
      'templates/components/Footer.tsx',
      'export default function GadgetFooter() {\n  return <footer className="gadget-footer">Made by the Gadget team</footer>;\n}\n',
    );
    site.write(
      'content/pages/about.tsx',
      [
        "import Layout from '@theme/Layout';",
        "import Link from '@docusaurus/Link';",
        "import useDocusaurusContext from '@docusaurus/useDocusaurusContext';",
        "import Translate, { translate } from '@docusaurus/Translate';",
        "import BrowserOnly from '@docusaurus/BrowserOnly';",
        "import { useLocation } from '@docusaurus/router';",
        "import Intro from '@site/partials/Intro';",
        "import Interpolate from '@docusaurus/Interpolate';",
        "import Heading from '@theme-original/Heading';",
        "import Note from '@site/partials/_shared-note.mdx';",
        '',
        'export default function About() {',
        '  const { siteConfig } = useDocusaurusContext();',
        '  const { pathname } = useLocation();',
        '  return (',
        '    <Layout title="About">',
        '      <h1>{siteConfig.title}</h1>',
        "      <p title={translate({ message: 'About {name}' }, { name: 'us' })}>",
        '        <Translate values={{ count: 3 }}>{`Made by {count} people`}</Translate> at {pathname}.',
        '      </p>',
        '      <Intro />',
        '      <Note />',
        '      <Heading as="h2" id="team">The <Interpolate values={{ name: <em>Gadget</em> }}>{`{name} team`}</Interpolate></Heading>',
        '      <BrowserOnly fallback={<span>loading</span>}>{() => <span>browser</span>}</BrowserOnly>',
        '      <Link to="/docs/setup">Set up</Link>',
        '    </Layout>',
        '  );',
        '}',
        '',
      ].join('\n'),
    );
    site.write('partials/Intro.tsx', 'export default function Intro() {\n  return <p className="intro">Gadget keeps stock in step.</p>;\n}\n');
  });
  after(() => site?.cleanup());

  it('resolves @theme/, @theme-original/, @docusaurus/ and @site/ in a React page, and takes an override whose component is the default export', () => {
    site.buildOk();
    const html = site.output('/about');
    assert.match(html, /<h1>Gadget Docs<\/h1>/);
    assert.match(html, /<p title="About us">Made by <!-- -->3<!-- --> people<!-- --> at <!-- -->\/about<!-- -->\.<\/p>/);
    assert.match(html, /<p class="intro">Gadget keeps stock in step\.<\/p>/);
    assert.match(html, /<h2 id="team" tabindex="-1">The <em>Gadget<\/em> team(<!-- -->)? <a href="#team" class="hash-link">#<\/a><\/h2>/);
    assert.match(
      html,
      /<div class="admonition admonition-tip" role="note"><p class="admonition-title">Shared note<\/p>/,
      'a React page imports an MDX partial',
    );
    assert.match(html, /<span>loading<\/span>/, 'BrowserOnly renders its fallback on the server');
    assert.doesNotMatch(html, /<span>browser<\/span>/);
    assert.match(html, /<a href="\/docs\/setup">Set up<\/a>/);
    assert.match(site.output('/docs/setup'), /<footer class="gadget-footer">Made by the Gadget team<\/footer>/);
  });

  it("compiles a module with the site's tsconfig.json whether it is imported through @site/ or by its path, so one build's assets are the next one's", () => {
    // esbuild reads no tsconfig.json for a file a plugin resolves: with two imports of one file,
    // the one resolved first decided ("use strict" from "strict": true, or not).
    site.write('tsconfig.json', '{ "compilerOptions": { "strict": true, "jsx": "react-jsx" } }\n');
    site.write('partials/through-alias.js', 'module.exports = { answer: 41 };\n');
    site.write('partials/through-path.js', 'module.exports = { answer: 42 };\n');
    site.write(
      'content/pages/answers.tsx',
      [
        "import byAlias from '@site/partials/through-alias.js';",
        "import byPath from '../../partials/through-path.js';",
        '',
        'export default function Answers() {',
        '  return <p className="answers">{byAlias.answer + byPath.answer}</p>;',
        '}',
        '',
      ].join('\n'),
    );
    site.buildOk();
    assert.match(site.output('/answers'), /<p class="answers">83<\/p>/);
    const scripts = fs
      .readdirSync(path.join(site.out, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(site.out, 'assets', f), 'utf8'));
    const wrapper = (n) => scripts.join('\n').match(new RegExp(`=>\\{("use strict";)?(?:\\w+\\(\\);)*\\w+\\.exports=\\{answer:${n}\\}`))?.[1] ?? 'none';
    assert.equal(wrapper(41), '"use strict";', 'the module imported through @site/ is compiled with the tsconfig');
    assert.equal(wrapper(42), '"use strict";', 'the module imported by its path is compiled with the tsconfig');
  });
});

describe("markdown.format 'detect': .md stays CommonMark", () => {
  let site;
  before(() => {
    site = new FixtureSite('docusaurus-md');
    site.write('site.config.ts', site.read('site.config.ts').replace("format: 'mdx'", "format: 'detect'"));
    site.remove('content/en/docs/_requirements.md');
    site.write(
      'content/en/docs/setup.md',
      '---\ntitle: Setup\n---\n\n## Install\n\n## Install\n\n## `--flag` value {#flag}\n\n```bash npm2yarn\nnpm run build\n```\n\n```py\nx = 1\n# highlight-next-line\ny = 2\n```\n',
    );
  });
  after(() => site?.cleanup());

  it('compiles a .md file an .mdx page imports with MDX, as a partial', () => {
    site.write('partials/_steps.md', '## Steps\n\n1. Plug it in. <!-- not for readers -->\n2. Turn it on.\n');
    site.write(
      'content/en/docs/start.mdx',
      "---\ntitle: Start\n---\n\nimport Steps from '../../../partials/_steps.md';\n\n<Steps />\n\nSee [the steps](#steps).\n",
    );
    site.buildOk();
    const content = body(site.output('/docs/start'));
    assert.match(content, /<h2 id="steps" tabindex="-1">Steps/);
    assert.match(content, /<li>Plug it in\. ?<\/li>/);
    assert.doesNotMatch(content, /not for readers/);
    site.remove('content/en/docs/start.mdx');
  });

  it('warns at the first line of a .md file that holds MDX, and renders Markdown with the same ids, npm2yarn tabs and highlight comments', () => {
    const r = site.buildOk();
    assert.match(
      r.stderr,
      /content\/en\/docs\/context\.md:5: warning: this \.md file holds MDX \(import, export or a <Component> tag; \d+ more lines\), which is published as text\n\s+hint: Docusaurus 3 reads \.md files as MDX: set markdown: \{ format: 'mdx' \}/,
    );
    assert.doesNotMatch(r.stderr, /setup\.md/);
    const content = body(site.output('/docs/setup'));
    assert.deepEqual(
      [...content.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]),
      ['install', 'install-1', 'flag'],
    );
    assert.match(content, /<div class="tabs" data-tabs><div role="tablist"><button[^>]*>npm<\/button><button[^>]*>Yarn<\/button><button[^>]*>pnpm<\/button>/);
    assert.match(content, /<span class="line">yarn build<\/span>/);
    assert.match(content, /<span class="line">pnpm run build<\/span>/);
    assert.deepEqual(
      codeLines(content, 'class="language-py"').map(([, h]) => h),
      [false, true],
    );
  });
});

describe("markdown.format 'md': every file is CommonMark", () => {
  let site;
  after(() => site?.cleanup());

  it('reads .mdx files with markdown-it, and warns where one holds MDX', () => {
    site = new FixtureSite('docusaurus-site');
    site.write('site.config.ts', site.read('site.config.ts').replace('markdown: { remarkPlugins', "markdown: { format: 'md', remarkPlugins"));
    const r = site.build();
    assert.match(
      r.stderr,
      /content\/en\/docs\/installation\.mdx:8: warning: this \.mdx file holds MDX \(import, export or a <Component> tag; \d+ more lines\), which is published as text\n\s+hint: markdown\.format 'md' reads \.mdx files as CommonMark/,
    );
  });
});

describe('npm2yarn conversion and highlight comments', () => {
  it('converts npm commands as @docusaurus/remark-plugin-npm2yarn does', () => {
    const cases = [
      ['npm install', 'yarn install', 'pnpm install'],
      ['npm install --save-dev jest', 'yarn add --dev jest', 'pnpm add --save-dev jest'],
      ['npm i -D babel-jest @babel/core', 'yarn add --dev babel-jest @babel/core', 'pnpm add -D babel-jest @babel/core'],
      ['npm install -g prettier', 'yarn global add prettier', 'pnpm add -g prettier'],
      ['npm run build', 'yarn build', 'pnpm run build'],
      ['npm init jest@latest', 'yarn create jest@latest', 'pnpm create jest@latest'],
      ['npm test -- -u -t="ColorPicker"', 'yarn test -u -t="ColorPicker"', 'pnpm test -- -u -t="ColorPicker"'],
      ['npm uninstall left-pad', 'yarn remove left-pad', 'pnpm remove left-pad'],
      ['# set up\nnpm install x && npm test\njest --ci', '# set up\nyarn add x && yarn test\njest --ci', '# set up\npnpm add x && pnpm test\njest --ci'],
    ];
    for (const [npm, yarn, pnpm] of cases) {
      assert.equal(npmToYarn(npm), yarn, npm);
      assert.equal(npmToPnpm(npm), pnpm, npm);
    }
    assert.equal(npmToYarn('pnpm install'), 'pnpm install', 'npm inside another word is not a command');
  });

  it('reads highlight comments only in the comment forms of the language', () => {
    assert.deepEqual(applyMagicComments('a\n// highlight-next-line\nb', 'js'), { code: 'a\nb', lines: new Set([2]) });
    assert.deepEqual(applyMagicComments('a\n# highlight-next-line\nb', 'js').lines, new Set(), '# is not a comment in JavaScript');
    assert.deepEqual(applyMagicComments('{/* highlight-start */}\n<A />\n<B />\n{/* highlight-end */}\n<C />', 'jsx'), {
      code: '<A />\n<B />\n<C />',
      lines: new Set([1, 2]),
    });
    assert.deepEqual(applyMagicComments('a\n// highlight-next-line\nb', '').lines, new Set(), 'a block without a language is left as it is');
  });
});

describe('Docusaurus Markdown in Chromium', () => {
  let fx;
  before(async () => {
    fx = await servedFixture('docusaurus-md');
  });
  after(() => fx?.close());

  it('hydrates a page with Tabs, npm2yarn tabs, partials and the @docusaurus/ modules without an error', async () => {
    const { page, context, problems } = await openPage(fx.browser);
    await page.goto(`${fx.server.url}/docs/setup`);
    await page.waitForSelector('html[data-hydrated]');
    await page.getByRole('tab', { name: 'Yarn' }).first().click();
    assert.deepEqual(
      await page.$$eval('[role="tab"][aria-selected="true"]', (tabs) => tabs.map((t) => t.textContent)),
      ['Yarn', 'macOS', 'Yarn'],
      'the npm2yarn blocks follow each other',
    );
    assert.equal(await page.locator('[role="tabpanel"]:not([hidden]) code', { hasText: 'yarn add --dev gadget-cli' }).count(), 1);
    assert.equal(await page.locator('[role="tabpanel"]:not([hidden]) code', { hasText: 'yarn gadget --dry-run' }).count(), 1);
    await page.getByRole('tab', { name: 'Linux' }).click();
    assert.equal(await page.locator('[role="tabpanel"]:not([hidden])', { hasText: 'Use the package from the releases page.' }).count(), 1);
    assert.equal(await page.locator('.toc-in-text a').count(), 4, 'TOCInline is still there after hydration');

    await page.goto(`${fx.server.url}/docs/context`);
    await page.waitForSelector('html[data-hydrated]');
    assert.equal(await page.locator('article strong').textContent(), 'Gadget Docs');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
