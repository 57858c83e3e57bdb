// Search records and the local index: what the build writes, and how the engine answers (prefixes,
// typos, Korean particles and compounds, ranking, highlights, snippets, escaping).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FixtureSite } from './helpers/site.mjs';
import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import {
  buildLocalIndex,
  indexKeys,
  LocaleIndexBuilder,
  decodePostings,
  encodePostings,
  groupSections,
  hangulStem,
  LocalSearch,
  miniSearchOptions,
  queryWords,
  readTree,
  sectionDocs,
  writeTree,
} from '../lib/internals.js';

describe('local search index', () => {
  let site;
  const records = {};
  const engines = {};
  const indexText = (locale) => site.output(`_docsgen/search/index.${locale}.json`);
  const search = (locale, query, extra = {}) => engines[locale].search({ query, hitsPerPage: 20, snippetWords: 10, ...extra });

  before(() => {
    site = new FixtureSite('search-site');
    site.buildOk();
    for (const locale of ['en', 'ko']) {
      records[locale] = JSON.parse(site.output(`_docsgen/search/records.${locale}.json`));
      engines[locale] = new LocalSearch(JSON.parse(indexText(locale)));
    }
  });
  after(() => site?.cleanup());

  describe('records', () => {
    it('have the hosted index shape, with the hierarchy, anchors and the version tag', () => {
      const rec = records.en.find((r) => r.url === '/docs/inventory/stock-levels#counting-by-bin' && r.type === 'content');
      assert.deepEqual(rec.hierarchy, {
        lvl0: 'Inventory',
        lvl1: 'Stock levels',
        lvl2: 'Counting stock',
        lvl3: 'Counting by bin',
        lvl4: null,
        lvl5: null,
        lvl6: null,
      });
      assert.equal(rec.url_without_anchor, '/docs/inventory/stock-levels');
      assert.equal(rec.anchor, 'counting-by-bin');
      assert.equal(rec.language, 'en');
      assert.equal(rec.version, 'next');
      assert.match(rec.objectID, /^[0-9a-f]{16}$/);
      assert.equal(new Set(records.en.map((r) => r.objectID)).size, records.en.length, 'objectIDs are unique');
      const ko = records.ko.find((r) => r.url.startsWith('/ko/docs/purchasing/purchase-orders') && r.type === 'lvl1');
      assert.equal(ko.hierarchy.lvl0, '구매');
      assert.equal(ko.language, 'ko');
    });

    it('keep a table row as one record, and leave out lists, tags and the search page', () => {
      assert.ok(records.en.some((r) => r.content === 'Reorder point · Quantity that triggers replenishment'));
      assert.ok(!records.en.some((r) => r.content === 'Setting · Meaning'), 'no header row');
      assert.ok(!records.en.some((r) => /^\/(search|404|blog$|blog\/(tags|archive|authors))/.test(r.url)));
      const category = records.en.find((r) => r.url === '/docs/category/purchasing' && r.type === 'content');
      assert.equal(category.content, 'Buying from vendors.', 'a category page is found by its description');
      assert.equal(category.hierarchy.lvl0, 'Purchasing');
    });

    it('give guides a higher page rank than the blog', () => {
      const doc = records.en.find((r) => r.url === '/docs/sales/shipments');
      const post = records.en.find((r) => r.url.startsWith('/blog/'));
      assert.ok(doc.weight.pageRank > post.weight.pageRank);
    });
  });

  describe('files', () => {
    it('writes an index per locale at a stable URL that pages point to', () => {
      for (const locale of ['en', 'ko']) assert.equal(JSON.parse(indexText(locale)).locale, locale);
      const html = site.output('/docs/inventory/stock-levels');
      assert.match(html, /"searchIndex":\{"en":"\/_docsgen\/search\/index\.en\.json","ko":"\/_docsgen\/search\/index\.ko\.json"\}/);
    });

    it('changes the index when content changes, and leaves other pages untouched', () => {
      const before = { index: indexText('en'), html: site.output('/docs/sales/shipments') };
      const file = 'content/en/docs/inventory/transfers.md';
      const original = site.read(file);
      try {
        site.write(file, original.replace('then send the transfer.', 'then send the transfer by courier.'));
        site.buildOk();
        assert.notEqual(indexText('en'), before.index);
        assert.match(indexText('en'), /by courier/);
        assert.equal(site.output('/docs/sales/shipments'), before.html);
      } finally {
        site.write(file, original);
        site.buildOk();
      }
    });

    it('writes records but no local index when the site searches Algolia', () => {
      const hosted = new FixtureSite('search-site');
      try {
        hosted.write(
          'site.config.ts',
          hosted
            .read('site.config.ts')
            .replace(
              "indexName: 'fixture-docs',",
              "indexName: 'fixture-docs',\n    algolia: { appId: 'APP1', searchApiKey: 'search-only-key', indexName: 'fixture-docs' },",
            ),
        );
        hosted.buildOk();
        assert.ok(hosted.exists('_docsgen/search/records.en.json'));
        assert.ok(!hosted.exists('_docsgen/search/index.en.json'));
        assert.match(hosted.output('/docs/sales/shipments'), /"searchIndex":\{\}/);
      } finally {
        hosted.cleanup();
      }
    });
  });

  describe('queries', () => {
    it('matches a prefix as the last word is typed, and marks what was typed', () => {
      const r = search('en', 'purch');
      assert.deepEqual(
        r.hits.slice(0, 2).map((h) => [h.url, h.type]),
        [
          ['/docs/category/purchasing', 'lvl1'],
          ['/docs/purchasing/purchase-orders', 'lvl1'],
        ],
        'page titles first',
      );
      assert.equal(r.hits[1]._snippetResult.hierarchy.lvl1.value, '<mark>Purch</mark>ase orders');
    });

    it('tolerates a typo in a longer Latin word, and folds plurals', () => {
      assert.ok(search('en', 'purchse').hits.some((h) => h.url.startsWith('/docs/purchasing/purchase-orders')));
      assert.ok(search('en', 'warehose').nbHits > 0);
      assert.equal(search('en', 'vendor').hits[0].url, '/docs/purchasing/vendors', "'vendor' finds the page titled 'Vendors'");
    });

    it('requires every word, and ranks title and heading matches above body matches', () => {
      const r = search('en', 'receive purchase order');
      assert.equal(r.hits[0].url, '/docs/purchasing/purchase-orders#receive-a-purchase-order');
      assert.ok(r.hits.every((h) => h.url.startsWith('/docs/purchasing/') || h.url.startsWith('/docs/inventory/')));
      const stock = search('en', 'transfer');
      assert.equal(stock.hits[0].url, '/docs/inventory/transfers', 'the page titled with the word first');
    });

    it('finds Korean words through their particles', () => {
      const withParticle = search('ko', '재고');
      assert.ok(withParticle.hits.some((h) => h.url === '/ko/docs/inventory/stock-levels#재고-실사하기' && h.type === 'lvl2'));
      // The page text says '재고를', '재고가'; a query with a particle finds the stem too.
      const typed = search('ko', '재고를');
      assert.deepEqual(
        typed.hits.map((h) => h.url),
        withParticle.hits.map((h) => h.url),
      );
      const inText = search('ko', '선반');
      const hit = inText.hits.find((h) => h.type === 'content' && h.content.includes('선반의'));
      assert.ok(hit, 'a word inside the text, written with a particle');
      assert.match(hit._snippetResult.content.value, /<mark>선반<\/mark>의/);
    });

    it('finds Korean compounds with and without spaces, and inside longer words', () => {
      for (const q of ['구매 주문', '구매주문']) {
        const r = search('ko', q);
        assert.equal(r.hits[0].url, '/ko/docs/purchasing/purchase-orders', q);
      }
      // '재주문점' (reorder point) holds '주문'.
      assert.ok(search('ko', '주문점').hits.some((h) => h.url.startsWith('/ko/docs/inventory/stock-levels')));
      // A syllable still being composed by the IME: '재ㄱ' on the way to '재고'.
      assert.ok(search('ko', '재ㄱ').hits.some((h) => h.url.startsWith('/ko/docs/inventory/')));
    });

    it('reads particles and compounds the same way in queries', () => {
      assert.equal(hangulStem('재고를'), '재고');
      assert.equal(hangulStem('주문에만'), '주문');
      assert.equal(hangulStem('국가'), '국가');
      assert.deepEqual(
        queryWords('구매주문서').map((w) => w.parts),
        [['구매', '주문', '문서']],
      );
      assert.deepEqual(
        queryWords('API를').map((w) => w.term),
        ['api'],
        'a particle glued to a Latin word is not a word',
      );
    });

    it('indexes a text as the keys of its words, words seen before included', () => {
      const texts = ['재고를 입고하면 재고가 늘어납니다', 'API를 쓰는 PurchaseOrderLine과 salesOrderID', '재고를 다시 확인합니다. Orders, orders, 注文書'];
      const expected = [
        ['재고', '입고', '재고', '늘어납니다', '늘어', '어납', '납니', '니다'],
        ['api', '쓰는', 'purchase', 'order', 'line', 'sale', 'order', 'id'],
        ['재고', '다시', '확인', 'order', 'order', '注文', '文書'],
      ];
      // Hangul keys are stored decomposed (termKey): compare them composed.
      for (const [i, text] of texts.entries())
        assert.deepEqual(
          indexKeys(text).map((k) => k.normalize('NFC')),
          expected[i],
          text,
        );
      // Asked again, from the word cache: the same keys.
      assert.deepEqual(
        indexKeys(texts[0]).map((k) => k.normalize('NFC')),
        expected[0],
      );
    });

    it('builds snippets of at most the requested number of words around the matches', () => {
      const r = search('en', 'replenishment list', { snippetWords: 5 });
      const hit = r.hits.find((h) => h.type === 'content');
      const words = hit._snippetResult.content.value
        .replace(/<\/?mark>/g, '')
        .replace(/…/g, ' ')
        .trim()
        .split(/\s+/);
      assert.ok(words.length <= 5, hit._snippetResult.content.value);
      assert.match(hit._snippetResult.content.value, /<mark>replenishment<\/mark> <mark>list<\/mark>/);
      assert.match(hit._snippetResult.content.value, /^…|…$/);
    });

    it('escapes text from the index: only <mark> is markup', () => {
      const hit = search('en', 'bold').hits.find((h) => h.type === 'content');
      const value = hit._highlightResult.content.value;
      assert.match(value, /&lt;b&gt;<mark>bold<\/mark>&lt;\/b&gt;/);
      assert.doesNotMatch(value.replace(/<\/?mark>/g, ''), /</);
    });

    it('names hits by the objectID of the matching record', () => {
      const hit = search('en', 'cycle count compares').hits[0];
      const record = records.en.find((r) => r.objectID === hit.objectID);
      assert.ok(record, 'a record with that objectID exists');
      assert.equal(record.url, hit.url);
      assert.equal(record.type, hit.type);
    });

    it('paginates: nbHits counts every match, pages hold hitsPerPage', () => {
      const all = search('en', 'warehouse');
      const first = search('en', 'warehouse', { hitsPerPage: 2 });
      const second = search('en', 'warehouse', { hitsPerPage: 2, page: 1 });
      assert.equal(first.nbHits, all.nbHits);
      assert.equal(first.nbPages, Math.ceil(all.nbHits / 2));
      assert.deepEqual(
        [...first.hits, ...second.hits].map((h) => h.url),
        all.hits.slice(0, 4).map((h) => h.url),
      );
    });

    it('answers an empty query with nothing, and no match with no hits', () => {
      assert.equal(search('en', '   ').nbHits, 0);
      assert.equal(search('en', 'xylophone').nbHits, 0);
    });
  });

  describe('index file', () => {
    it('stores postings as gaps and reads them back, a term repeated in the first section included', () => {
      const encoded = encodePostings([
        [0, { ids: [0, 3, 7], counts: [2, 1, 4] }],
        [4, { ids: [0, 12], counts: [1, 3] }],
      ]);
      assert.equal(encoded, '0,-0,2,3,-4,4 4,0,-12,3');
      const fields = new Map([
        [
          0,
          new Map([
            [0, 2],
            [3, 1],
            [7, 4],
          ]),
        ],
        [
          4,
          new Map([
            [0, 1],
            [12, 3],
          ]),
        ],
      ]);
      assert.deepEqual(decodePostings(encoded), fields);
    });

    it('stores the search tree node by node, and reads back the same tree, each node when first used', () => {
      const keys = ['purchase', 'purchaseorder', 'purge', 'order', 'a', '재고', '재주문', '잭'].map((k) => k.normalize('NFD'));
      const map = new SearchableMap();
      keys.forEach((k, i) => map.set(k, `term ${i}`));
      const values = [];
      const shape = JSON.parse(JSON.stringify(writeTree(map._tree, (v) => values.push(v))));
      assert.doesNotMatch(JSON.stringify(shape), /[\u1100-\u11ff]{2}/, 'Hangul labels are stored composed');
      let made = 0;
      const back = new SearchableMap(readTree(shape, (n) => (made++, values[n])));
      assert.equal(back.get('order'), map.get('order'));
      assert.ok(made < keys.length, `only what a lookup reads is made (${made} of ${keys.length} terms)`);
      assert.deepEqual([...back], [...map], 'same terms, values and order');
      assert.deepEqual([...back.atPrefix('pur')], [...map.atPrefix('pur')]);
      assert.deepEqual([...back.fuzzyGet('purchse', 2)], [...map.fuzzyGet('purchse', 2)]);
      assert.deepEqual([...back.atPrefix('재'.normalize('NFD'))], [...map.atPrefix('재'.normalize('NFD'))]);
    });

    it('finds every section holding a word, also when the first section holds it more than once', () => {
      const page = (url, content) => {
        const hierarchy = { lvl0: 'Guides', lvl1: url.slice(1), lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
        const base = { url, url_without_anchor: url, anchor: null, version: 'next', language: 'en', hierarchy };
        return [
          { ...base, objectID: `${url}-1`, type: 'lvl1', content: null, weight: { pageRank: 0, level: 100, position: 0 } },
          { ...base, objectID: `${url}-2`, type: 'content', content, weight: { pageRank: 0, level: 0, position: 1 } },
        ];
      };
      const records = [
        ...page('/a', 'A widget, and a widget again.'),
        ...page('/b', 'One widget.'),
        ...page('/c', 'The widget.'),
        ...page('/d', 'Nothing here.'),
      ];
      const engine = new LocalSearch(JSON.parse(JSON.stringify(buildLocalIndex('en', records))));
      const r = engine.search({ query: 'widget', hitsPerPage: 20, snippetWords: 10 });
      assert.deepEqual(r.hits.map((h) => h.url).sort(), ['/a', '/b', '/c']);
    });

    it("gives the same index whatever order the pages come in, and with a page's records split", () => {
      for (const locale of ['en', 'ko']) {
        const list = records[locale];
        const byPage = new Map();
        for (const r of list) byPage.set(r.url_without_anchor, [...(byPage.get(r.url_without_anchor) ?? []), r]);
        const pages = [...byPage.values()];
        assert.ok(pages.length > 5, `${locale}: ${pages.length} pages`);
        const builder = new LocaleIndexBuilder(locale);
        // Pages backwards, two at a time, the first page's records in two halves, one call each.
        const [first, ...rest] = pages;
        for (let i = rest.length; i > 0; i -= 2)
          builder.addPages(
            rest
              .slice(Math.max(0, i - 2), i)
              .flat()
              .reverse(),
          );
        builder.addPages(first.slice(0, 1));
        builder.addPages(first.slice(1));
        const { count, recordsJson, file } = builder.finish();
        assert.equal([...recordsJson].join(''), JSON.stringify(list), 'records in page order');
        assert.equal(count, list.length);
        assert.equal(JSON.stringify(file), indexText(locale));
      }
    });

    it('holds the engine state MiniSearch itself would index and load, term for term and in its order', () => {
      for (const locale of ['en', 'ko']) {
        const file = JSON.parse(indexText(locale));
        const docs = sectionDocs(groupSections(locale, records[locale]));
        const engine = new MiniSearch(miniSearchOptions());
        engine.addAll(docs);
        // What the browser would hold after loading MiniSearch's own serialization.
        const expected = MiniSearch.loadJS(engine.toJSON(), miniSearchOptions()).toJSON();
        const { index } = file;
        assert.equal(index.documentCount, expected.documentCount);
        assert.deepEqual(index.fieldIds, expected.fieldIds);
        assert.deepEqual(index.averageFieldLength, expected.averageFieldLength);
        assert.deepEqual(index.fieldLength, Object.values(expected.fieldLength));
        const terms = [...new SearchableMap(readTree(index.tree, (n) => decodePostings(index.postings[n])))];
        const asObjects = (fields) => Object.fromEntries([...fields].map(([f, docs]) => [f, Object.fromEntries(docs)]));
        assert.ok(terms.length > 100, `${locale}: ${terms.length} terms`);
        assert.deepEqual(
          terms.map(([t, p]) => [t, asObjects(p)]),
          expected.index,
        );
      }
    });
  });
});
