// Specs that cannot be built: the build fails with the JSON pointer of the problem and the file
// and line it comes from, in the root document or in a file reached through a $ref.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FixtureSite } from './helpers/site.mjs';

describe('invalid OpenAPI specs', () => {
  let site;
  let spec;
  let notes;
  let config;
  before(() => {
    site = new FixtureSite('openapi-invalid');
    spec = site.read('spec/api.yaml');
    notes = site.read('spec/paths/notes.yaml');
    config = site.read('site.config.ts');
  });
  after(() => site.cleanup());

  const restore = () => {
    site.write('spec/api.yaml', spec);
    site.write('spec/paths/notes.yaml', notes);
    site.write('site.config.ts', config);
  };

  it('builds the valid fixture', () => {
    const r = site.build();
    assert.equal(r.status, 0, r.stderr);
    assert.ok(site.exists('docs/api/list-notes/index.html'));
  });

  it('fails on a schema error in the document skeleton, with pointer, file and line', () => {
    site.write('spec/api.yaml', spec.replace('  version: 1.0.0\n', ''));
    const r = site.build();
    restore();
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /spec\/api\.yaml:2: error: OpenAPI validation error at \/info: must have required property 'version'/);
  });

  it('fails on a $ref to a missing file, at the line of the $ref in the file that holds it', () => {
    site.write('spec/paths/notes.yaml', notes.replace(/type: string\n$/, '$ref: ../schemas.yaml#/Note\n'));
    const r = site.build();
    restore();
    assert.notEqual(r.status, 0);
    assert.match(
      r.stderr,
      /spec\/paths\/notes\.yaml:14: error: Unresolved \$ref at \/notes\/get\/responses\/200\/content\/application~1json\/schema\/items in notes\.yaml: \$ref "\.\.\/schemas\.yaml#\/Note": file schemas\.yaml does not exist/,
    );
  });

  it('fails on a $ref to a missing pointer', () => {
    site.write('spec/api.yaml', spec.replace('#/notes', '#/nothing'));
    const r = site.build();
    restore();
    assert.notEqual(r.status, 0);
    assert.match(
      r.stderr,
      /spec\/api\.yaml:7: error: Unresolved \$ref at \/paths\/~1notes: \$ref "\.\/paths\/notes\.yaml#\/nothing": notes\.yaml has nothing at \/nothing/,
    );
  });

  it('fails on YAML syntax errors with the file and line', () => {
    site.write('spec/paths/notes.yaml', 'notes:\n  get:\n    summary: "unclosed\n    tags: [x]\n');
    const r = site.build();
    restore();
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /spec\/paths\/notes\.yaml:\d+: error: Cannot parse notes\.yaml: /);
  });

  it('fails on documents that are not OpenAPI 3.x', () => {
    site.write('spec/api.yaml', spec.replace('openapi: 3.1.0', 'swagger: "2.0"'));
    const r = site.build();
    restore();
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /spec\/api\.yaml:1: error: api\.yaml is a Swagger 2\.0 document/);
  });

  it('with strict: true, fails on a minor error in a split file, with its pointer, file and line', () => {
    const minor = notes.replace('        description: Notes.', '        descriptio: Notes.');
    site.write('spec/paths/notes.yaml', minor);
    const lenient = site.build();
    site.write('site.config.ts', config.replace("categorySlug: 'api' }", "categorySlug: 'api', strict: true }"));
    const strict = site.build();
    restore();
    assert.equal(lenient.status, 0, lenient.stderr);
    assert.match(
      lenient.stderr,
      /spec\/paths\/notes\.yaml:7: warning: OpenAPI validation error at \/paths\/~1notes\/get\/responses\/200: must have required property 'description'/,
    );
    assert.notEqual(strict.status, 0);
    assert.match(strict.stderr, /spec\/paths\/notes\.yaml:7: error: OpenAPI validation error at \/paths\/~1notes\/get\/responses\/200/);
  });

  // The validation thread is sent the bundled document as JSON, unless a file holds what JSON
  // cannot (a YAML date): then it bundles the files itself. Both ways place problems alike.
  it('places a validation problem in a file that holds a YAML date', () => {
    site.write('spec/paths/notes.yaml', `${notes.replace('        description: Notes.', '        descriptio: Notes.')}    x-added: 2024-05-01\n`);
    const r = site.build();
    restore();
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stderr,
      /spec\/paths\/notes\.yaml:7: warning: OpenAPI validation error at \/paths\/~1notes\/get\/responses\/200: must have required property 'description'/,
    );
  });

  // The validator gets the whole document: a key named `schema` is not always a schema, and a
  // parameter kept under that name must be validated as the parameter it is.
  it('finds nothing wrong with a valid parameter kept under the name schema, or a property of that name', () => {
    const named = `${spec.replace('openapi: 3.1.0', 'openapi: 3.0.3')}  /notes/{schema}:
    get:
      summary: Get a note by its schema
      parameters:
        - $ref: '#/components/parameters/schema'
      responses:
        '200':
          description: The note.
          content:
            application/json:
              schema:
                type: object
                properties:
                  schema:
                    type: string
components:
  parameters:
    schema:
      name: schema
      in: path
      required: true
      schema:
        type: string
`;
    site.write('spec/api.yaml', named);
    const r = site.build();
    restore();
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /OpenAPI (validation error|warning)/);
  });

  // Problems in schemas are found in the schemas themselves, wherever their $refs lead.
  it('reports an array without items at the top of a schema reached through $refs, and a schema that is not an object', () => {
    const arrays = `${spec}components:\n  schemas:\n    Tags:\n      $ref: '#/components/schemas/TagList'\n    TagList:\n      type: array\n      description: No items.\n`;
    site.write('spec/api.yaml', arrays);
    site.write(
      'spec/paths/notes.yaml',
      notes.replace(
        '    tags: [Notes]\n',
        "    tags: [Notes]\n    parameters:\n      - name: tag\n        in: query\n        schema:\n          $ref: '../api.yaml#/components/schemas/Tags'\n",
      ),
    );
    const noItems = site.build();
    site.write(
      'spec/paths/notes.yaml',
      notes.replace('              type: array\n              items:\n                type: string\n', '              array of strings\n'),
    );
    const notObject = site.build();
    restore();
    assert.equal(noItems.status, 0, noItems.stderr);
    assert.match(
      noItems.stderr,
      /spec\/paths\/notes\.yaml:6: warning: OpenAPI warning at \/paths\/~1notes\/get\/parameters: `\/paths\/notes\/get\/parameters\/tag` is an array, so it should include an `items` schema/,
    );
    assert.match(
      notObject.stderr,
      /spec\/paths\/notes\.yaml:11: warning: OpenAPI validation error at \/paths\/~1notes\/get\/responses\/200\/content\/application~1json\/schema: must be object,boolean/,
    );
  });

  // Validation runs in a thread of its own while the build goes on (the fixture has no
  // node_modules, so nothing is cached): its errors must still stop the build before anything is
  // published, and come with problems found before it finished (here, in the collect stage).
  it('publishes nothing from a spec that fails validation, and reports it with the other problems', () => {
    site.write('content/en/docs/intro.md', '---\ntitle: Intro\n---\n\nFirst version.\n');
    assert.equal(site.build().status, 0);
    const before = site.output('/docs/intro');
    site.write('content/en/docs/intro.md', '---\ntitle: Intro\nsidebar_position: two\n---\n\nSecond version.\n');
    site.write('site.config.ts', config.replace("categorySlug: 'api' }", "categorySlug: 'api', strict: true }"));
    site.write('spec/paths/notes.yaml', notes.replace('        description: Notes.', '        descriptio: Notes.'));
    const failed = site.build();
    restore();
    site.write('content/en/docs/intro.md', '---\ntitle: Intro\n---\n\nHello.\n');
    assert.notEqual(failed.status, 0);
    assert.match(failed.stderr, /content\/en\/docs\/intro\.md:3: error: Invalid front matter "sidebar_position"/);
    assert.match(failed.stderr, /spec\/paths\/notes\.yaml:7: error: OpenAPI validation error at \/paths\/~1notes\/get\/responses\/200/);
    assert.match(failed.stderr, /previous output was left untouched/);
    assert.equal(site.output('/docs/intro'), before);
    assert.match(before, /First version\./);
  });
});
