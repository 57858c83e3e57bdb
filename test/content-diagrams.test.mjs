// The Mermaid diagrams of the Ianai site (content/): each parses with Mermaid's own parser, has an
// accessible title and description, and has its Korean twin; each document lifecycle (a state
// diagram) uses only the statuses its OpenAPI enum defines, starts at the enum's first status, and
// draws only moves the API allows: its status operation's table of allowed next statuses, or the
// operation named here that sets a status on its own (a shipment shipping, a receiving).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import yaml from 'js-yaml';
import MarkdownIt from 'markdown-it';
// Mermaid sanitizes label text with DOMPurify, which needs a browser window; Node has none, so
// DOMPurify comes without `sanitize` and `addHook`. Parsing does not depend on what sanitizing
// does, and the labels here are plain text (a test below checks it), which DOMPurify returns
// unchanged: the identity stands in for it. This is the same module instance Mermaid imports.
import DOMPurify from 'dompurify';
import { ROOT } from './helpers/site.mjs';

DOMPurify.addHook ??= () => {};
DOMPurify.sanitize ??= (text) => text;
const { default: mermaid } = await import('mermaid');

const CONTENT = path.join(ROOT, 'content');
const OPENAPI = path.join(ROOT, 'openapi');

/**
 * Each state diagram, by its page under content/<locale>/, and the enum its state ids are values of
 * (openapi/components/schemas), with the operation whose table lists the allowed moves.
 */
const LIFECYCLES = {
  'docs/tutorial/core-features/estimate.md': { enum: 'EstimateStatus', table: 'updateEstimateStatus' },
  'docs/tutorial/core-features/salesorder.md': { enum: 'SalesOrderStatus', table: 'updateSalesOrderStatus' },
  'docs/tutorial/core-features/purchaseorder.md': { enum: 'PurchaseOrderStatus', table: 'updatePurchaseOrderStatus' },
  'docs/tutorial/core-features/build.md': { enum: 'BuildStatus', table: 'updateBuildStatus' },
  'docs/tutorial/advanced-features/workorder.md': { enum: 'WorkOrderStatus', table: 'bulkUpdateWorkOrderStatus' },
  'docs/tutorial/core-features/shipment.md': { enum: 'ShipmentStatus', table: 'updateShipmentStatus' },
  'docs/tutorial/core-features/return.md': { enum: 'RmaStatus', table: 'updateRmaStatus' },
};

/** Moves no status table lists, each with the operation whose description says it sets the status. */
const SET_BY_OPERATION = {
  EstimateStatus: [['accepted', 'completed', 'completeEstimate']],
  SalesOrderStatus: [
    ['confirmed', 'partially_shipped', 'updateSalesOrderStatus'],
    ['confirmed', 'shipped', 'updateSalesOrderStatus'],
    ['partially_shipped', 'shipped', 'updateSalesOrderStatus'],
  ],
  PurchaseOrderStatus: [
    ['issued', 'partially_received', 'receivePurchaseOrder'],
    ['issued', 'received', 'receivePurchaseOrder'],
    ['partially_received', 'received', 'receivePurchaseOrder'],
  ],
  ShipmentStatus: [['pending', 'shipped', 'completeShipment']],
};

const LOCALES = ['en', 'ko'];

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : /\.mdx?$/.test(e.name) ? [p] : [];
  });
}

/** Every ```mermaid fence under content/, with its file, line and page key (path under the locale). */
function collectDiagrams() {
  const md = new MarkdownIt();
  const out = [];
  for (const file of walk(CONTENT)) {
    const rel = path.relative(CONTENT, file).split(path.sep).join('/');
    const [locale, ...rest] = rel.split('/');
    const body = fs.readFileSync(file, 'utf8');
    for (const token of md.parse(body, {})) {
      if (token.type !== 'fence' || token.info.trim().split(/\s+/)[0] !== 'mermaid') continue;
      out.push({ file: `content/${rel}`, line: token.map[0] + 1, locale, page: rest.join('/'), text: token.content });
    }
  }
  return out;
}

/** operationId -> operation, from every path file of the spec. */
function loadOperations() {
  const ops = new Map();
  for (const file of fs.readdirSync(path.join(OPENAPI, 'paths'))) {
    const doc = yaml.load(fs.readFileSync(path.join(OPENAPI, 'paths', file), 'utf8'));
    for (const item of Object.values(doc ?? {}))
      for (const op of Object.values(item ?? {})) if (op && typeof op === 'object' && op.operationId) ops.set(op.operationId, op);
  }
  return ops;
}

/** Name -> enum values, for every top-level enum schema. */
function loadEnums() {
  const enums = new Map();
  const dir = path.join(OPENAPI, 'components/schemas');
  for (const file of fs.readdirSync(dir)) {
    const doc = yaml.load(fs.readFileSync(path.join(dir, file), 'utf8'));
    for (const [name, schema] of Object.entries(doc ?? {})) if (Array.isArray(schema?.enum)) enums.set(name, schema.enum);
  }
  return enums;
}

/** The "| From | Allowed next statuses |" table of a status operation: from -> [to]. */
function allowedMoves(description) {
  const moves = new Map();
  for (const m of description.matchAll(/^\|\s*`([a-z_]+)`\s*\|([^|\n]*)\|\s*$/gm))
    moves.set(
      m[1],
      [...m[2].matchAll(/`([a-z_]+)`/g)].map((x) => x[1]),
    );
  return moves;
}

describe('diagrams in content/', () => {
  let diagrams;
  let ops;
  let enums;
  const where = (d) => `${d.file}:${d.line}`;

  before(async () => {
    diagrams = collectDiagrams();
    ops = loadOperations();
    enums = loadEnums();
    for (const d of diagrams) {
      try {
        d.parsed = await mermaid.parse(d.text);
        // Read what a test needs at once: some of it (the accessible title and description) is
        // kept in one place that the next diagram's parse overwrites.
        const { db } = await mermaid.mermaidAPI.getDiagramFromText(d.text);
        d.acc = { title: db.getAccTitle?.() ?? '', description: db.getAccDescription?.() ?? '' };
        if (d.parsed.diagramType.startsWith('stateDiagram')) {
          d.states = [...db.getStates().keys()].filter((id) => !/^root_(start|end)$/.test(id));
          d.moves = db.getRelations().map((r) => [r.id1, r.id2]);
        }
      } catch (err) {
        d.error = err.message;
      }
    }
  });

  it('finds the diagrams of both locales', () => {
    for (const locale of LOCALES) assert.ok(diagrams.filter((d) => d.locale === locale).length >= Object.keys(LIFECYCLES).length, locale);
  });

  it('parses every diagram with Mermaid', async () => {
    assert.deepEqual(
      diagrams.filter((d) => d.error).map((d) => `${where(d)}: ${d.error}`),
      [],
    );
    // The parser rejects what it cannot read: the check above can fail.
    await assert.rejects(mermaid.parse('stateDiagram-v2\n  draft --> --> sent\n'));
  });

  it('gives every diagram an accessible title and description', () => {
    const missing = diagrams.filter((d) => !d.error && !(d.acc.title.trim() && d.acc.description.trim()));
    assert.deepEqual(missing.map(where), []);
  });

  it('writes labels as plain text (line breaks aside), which the browser draws as written', () => {
    const html = diagrams.filter((d) => /<(?!br\s*\/?>)[a-z/!]/i.test(d.text));
    assert.deepEqual(html.map(where), []);
  });

  it('has the same diagrams, of the same types, on a page in English and in Korean', () => {
    const types = (locale) => {
      const byPage = new Map();
      for (const d of diagrams.filter((x) => x.locale === locale && !x.error)) byPage.set(d.page, [...(byPage.get(d.page) ?? []), d.parsed.diagramType]);
      return Object.fromEntries([...byPage].sort());
    };
    assert.deepEqual(types('ko'), types('en'));
  });

  it('maps every state diagram to a status enum, and every lifecycle has its diagram in both locales', () => {
    const states = diagrams.filter((d) => !d.error && d.parsed.diagramType.startsWith('stateDiagram'));
    assert.deepEqual(states.filter((d) => !LIFECYCLES[d.page]).map(where), [], 'a state diagram without an enum in LIFECYCLES');
    for (const page of Object.keys(LIFECYCLES))
      for (const locale of LOCALES) assert.equal(states.filter((d) => d.page === page && d.locale === locale).length, 1, `${locale}/${page}`);
  });

  describe('document lifecycles', () => {
    const lifecycle = (d) => ({ ids: d.states, moves: d.moves });
    const stateDiagrams = () => diagrams.filter((d) => !d.error && LIFECYCLES[d.page] && d.parsed.diagramType.startsWith('stateDiagram'));

    it('names only statuses the API enum defines, and all of them', () => {
      for (const d of stateDiagrams()) {
        const values = enums.get(LIFECYCLES[d.page].enum);
        assert.ok(values, `${LIFECYCLES[d.page].enum} is an enum of the spec`);
        const { ids } = lifecycle(d);
        assert.deepEqual(
          ids.filter((id) => !values.includes(id)),
          [],
          `${where(d)}: states that are not ${LIFECYCLES[d.page].enum} values`,
        );
        assert.deepEqual(
          values.filter((v) => !ids.includes(v)),
          [],
          `${where(d)}: ${LIFECYCLES[d.page].enum} values the diagram leaves out`,
        );
      }
    });

    it('starts at the first status of the enum and ends only at statuses the API calls final', () => {
      for (const d of stateDiagrams()) {
        const { table, enum: name } = LIFECYCLES[d.page];
        const allowed = allowedMoves(ops.get(table).description);
        const { moves } = lifecycle(d);
        assert.deepEqual(
          moves.filter(([from]) => from === 'root_start').map(([, to]) => to),
          [enums.get(name)[0]],
          `${where(d)}: the start`,
        );
        const ends = moves.filter(([, to]) => to === 'root_end').map(([from]) => from);
        assert.deepEqual(
          ends.filter((s) => (allowed.get(s) ?? ['?']).length),
          [],
          `${where(d)}: ends at a status the API lets move on`,
        );
      }
    });

    it('draws only moves the API allows', () => {
      for (const d of stateDiagrams()) {
        const { table, enum: name } = LIFECYCLES[d.page];
        const op = ops.get(table);
        assert.ok(op, `${table} is an operation of the spec`);
        const allowed = allowedMoves(op.description);
        assert.ok(allowed.size >= enums.get(name).length - 1, `${table} has its table of allowed moves`);
        for (const [from, to, by] of SET_BY_OPERATION[name] ?? []) {
          assert.match(ops.get(by)?.description ?? '', new RegExp(`\`${to}\``), `${by} says it sets ${to}`);
          allowed.set(from, [...(allowed.get(from) ?? []), to]);
        }
        const { moves } = lifecycle(d);
        const wrong = moves.filter(([from, to]) => !from.startsWith('root_') && !to.startsWith('root_') && !(allowed.get(from) ?? []).includes(to));
        assert.deepEqual(
          wrong.map(([from, to]) => `${from} -> ${to}`),
          [],
          `${where(d)}: moves ${table} does not allow`,
        );
      }
    });

    it('draws the same statuses and moves in Korean as in English', () => {
      const shape = (d) => {
        const { ids, moves } = lifecycle(d);
        return { ids: [...ids].sort(), moves: moves.map((m) => m.join(' -> ')).sort() };
      };
      for (const page of Object.keys(LIFECYCLES)) {
        const [en, ko] = LOCALES.map((l) => stateDiagrams().find((d) => d.page === page && d.locale === l));
        assert.ok(en && ko, page);
        assert.deepEqual(shape(ko), shape(en), page);
      }
    });
  });
});
