// A messy real-world-style spec (OpenAPI 3.0, JSON, one operation in another file as a $ref):
// operations without tags, without a summary or operationId, with duplicate summaries, and a
// minor validation error that is reported as a warning while the site still builds.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FixtureSite, pageSidebar } from './helpers/site.mjs';

describe('API reference from a messy spec', () => {
  let site;
  let result;
  before(() => {
    site = new FixtureSite('openapi-messy');
    result = site.buildOk();
  });
  after(() => site.cleanup());

  it('reports a minor validation error as a warning with its pointer, file and line, and builds', () => {
    assert.match(
      result.stderr,
      /api\/messy\.json:19: warning: OpenAPI validation error at \/paths\/~1widgets\/post\/responses\/201: must have required property 'description'/,
    );
    assert.match(result.stdout, /^Wrote \d+ pages/m);
  });

  it('groups untagged operations by the first segment of their path', () => {
    const sidebar = pageSidebar(site, '/docs/api/list-widgets');
    const labels = sidebar.filter((i) => i.type === 'category').map((i) => [i.label, i.items.map((x) => x.href)]);
    assert.deepEqual(labels, [
      ['Widgets', ['/docs/api/list-widgets', '/docs/api/create-widget', '/docs/api/replace-a-widget']],
      ['Gadgets', ['/docs/api/list-items', '/docs/api/list-items-get', '/docs/api/list-items-list-gizmos']],
      ['Things', ['/docs/api/retrieve-a-thing']],
    ]);
    assert.match(site.output('/docs/api/widgets'), /<h1>Widgets<\/h1>/);
  });

  it('derives titles and slugs from the operationId, else from what the method does to the path', () => {
    assert.match(site.output('/docs/api/list-widgets'), /<h1>List widgets<\/h1>/);
    assert.match(site.output('/docs/api/retrieve-a-thing'), /<h1>Retrieve a thing<\/h1>/);
  });

  it('keeps duplicate summaries on unique, stable slugs (operationId, else method)', () => {
    assert.match(site.output('/docs/api/list-items'), /<code class="api-path">\/gadgets<\/code>/);
    assert.match(site.output('/docs/api/list-items-get'), /<code class="api-path">\/doohickeys<\/code>/);
    assert.match(site.output('/docs/api/list-items-list-gizmos'), /<code class="api-path">\/gizmos<\/code>/);
  });

  it('renders an operation object that is itself a $ref into another file', () => {
    const html = site.output('/docs/api/replace-a-widget');
    assert.match(
      html,
      /<span class="method-badge method-put">PUT<\/span><code class="api-path">\/widgets\/<span class="api-path-param">\{id\}<\/span><\/code>/,
    );
    assert.match(html, /<li><div><code>name<\/code> <span class="api-type">string<\/span> <span class="api-badge api-required">required<\/span>/);
  });

  it('reads OpenAPI 3.0 nullable', () => {
    assert.match(
      site.output('/docs/api/create-widget'),
      /<li><div><code>color<\/code> <span class="api-type">string<\/span> <span class="api-badge">nullable<\/span>/,
    );
  });

  it('builds what vendor specs write: self-referencing allOf wrappers, summaries of several lines, guide headings used twice', () => {
    const spec = site.read('api/messy.json');
    const doc = JSON.parse(spec);
    doc.info.description = 'Intro.\n\n## Headers\n\nRequest headers.\n\n## Headers\n\nResponse headers.';
    // A property typed by its own schema through an allOf wrapper (to give it a description).
    doc.components.schemas.Node = {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Supports $filter (eq, not) and /$count.' },
        parent: { description: 'The parent node.', allOf: [{ $ref: '#/components/schemas/Node' }] },
      },
    };
    doc.paths['/nodes'] = {
      get: {
        summary: 'Lists the nodes of a [tree](https://vendor.example/trees).\n\nThe nodes come in [depth-first](https://vendor.example/order) order.\n',
        responses: { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } },
      },
    };
    site.write('api/messy.json', JSON.stringify(doc, null, 2));
    try {
      const r = site.buildOk();
      assert.doesNotMatch(r.stderr, /error:/);
      const html = site.output('/docs/api/lists-the-nodes-of-a-tree');
      // The title is the summary's first line as text; the whole summary is the description.
      assert.match(html, /<h1>Lists the nodes of a tree\.<\/h1>/);
      assert.match(html, /<a href="https:\/\/vendor\.example\/order"[^>]*>depth-first<\/a>/);
      // The wrapped property of the schema's own type is circular, not expanded again.
      assert.match(html, /<code>parent<\/code>[^]*?<p class="api-circular">Circular reference to <a [^>]*>Node<\/a>/);
      // Descriptions are CommonMark: OData's "$filter ... /$count" is text, not math.
      assert.match(html, /Supports \$filter \(eq, not\) and \/\$count\./);
      assert.doesNotMatch(html, /class="katex/);
      // Each "Headers" section is a page of its own.
      assert.match(site.output('/docs/api/headers'), /Request headers\./);
      assert.match(site.output('/docs/api/headers-2'), /Response headers\./);
    } finally {
      site.write('api/messy.json', spec);
    }
  });
});
