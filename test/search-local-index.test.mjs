// Search records and the local index: what the build writes, and how the engine answers (prefixes,
// typos, Korean particles and compounds, ranking, highlights, snippets, escaping).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FixtureSite, pageSiteData } from './helpers/site.mjs';
import MiniSearch from 'minisearch';
import fs from 'node:fs';
import path from 'node:path';
import {
  buildLocalIndex,
  indexKeys,
  LocaleIndexBuilder,
  decodePostings,
  encodePostings,
  groupSections,
  hangulStem,
  lengthLetter,
  letterLength,
  localIndexLoader,
  MemoryFiles,
  pagesOf,
  miniSearchOptions,
  openLocalIndex,
  queryWords,
  sectionDocs,
} from '../lib/internals.js';

describe('local search index', () => {
  let site;
  const records = {};
  const engines = {};
  const indexText = (locale) => site.output(`_docsgen/search/index.${locale}.json`);
  /** Every file of a locale's index but the entry, by name. */
  const indexFiles = (locale) => {
    const dir = path.join(site.out, '_docsgen/search', JSON.parse(indexText(locale)).dir);
    return new Map(fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
  };
  const search = (locale, query, extra = {}) => engines[locale].search({ query, hitsPerPage: 20, snippetWords: 10, ...extra });

  before(() => {
    site = new FixtureSite('search-site');
    site.buildOk();
    for (const locale of ['en', 'ko']) {
      records[locale] = JSON.parse(site.output(`_docsgen/search/records.${locale}.json`));
      engines[locale] = openLocalIndex(site.out, locale);
    }
  });
  after(() => site?.cleanup());

  describe('records', () => {
    it('have the hosted index shape, with the hierarchy, anchors and the version tag', async () => {
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

    it('keep a table row as one record, and leave out lists, tags and the search page', async () => {
      assert.ok(records.en.some((r) => r.content === 'Reorder point · Quantity that triggers replenishment'));
      assert.ok(!records.en.some((r) => r.content === 'Setting · Meaning'), 'no header row');
      assert.ok(!records.en.some((r) => /^\/(search|404|blog$|blog\/(tags|archive|authors))/.test(r.url)));
      const category = records.en.find((r) => r.url === '/docs/category/purchasing' && r.type === 'content');
      assert.equal(category.content, 'Buying from vendors.', 'a category page is found by its description');
      assert.equal(category.hierarchy.lvl0, 'Purchasing');
    });

    it('give guides a higher page rank than the blog', async () => {
      const doc = records.en.find((r) => r.url === '/docs/sales/shipments');
      const post = records.en.find((r) => r.url.startsWith('/blog/'));
      assert.ok(doc.weight.pageRank > post.weight.pageRank);
    });
  });

  describe('files', () => {
    it('writes an index per locale at a stable URL that pages point to', async () => {
      for (const locale of ['en', 'ko']) assert.equal(JSON.parse(indexText(locale)).locale, locale);
      assert.deepEqual(pageSiteData(site, '/docs/inventory/stock-levels').assets.searchIndex, {
        en: '/_docsgen/search/index.en.json',
        ko: '/_docsgen/search/index.ko.json',
      });
    });

    it('changes the index when content changes, and leaves other pages untouched', async () => {
      const before = { index: indexText('en'), html: site.output('/docs/sales/shipments') };
      const text = () => [...indexFiles('en').values()].join('\n');
      const file = 'content/en/docs/inventory/transfers.md';
      const original = site.read(file);
      try {
        site.write(file, original.replace('then send the transfer.', 'then send the transfer by courier.'));
        site.buildOk();
        assert.notEqual(indexText('en'), before.index, 'the entry names other files');
        assert.match(text(), /by courier/);
        assert.equal(site.output('/docs/sales/shipments'), before.html);
      } finally {
        site.write(file, original);
        site.buildOk();
      }
    });

    it('writes records but no local index when the site searches Algolia', async () => {
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
        assert.deepEqual(pageSiteData(hosted, '/docs/sales/shipments').assets.searchIndex, {});
      } finally {
        hosted.cleanup();
      }
    });
  });

  describe('queries', () => {
    it('matches a prefix as the last word is typed, and marks what was typed', async () => {
      const r = await search('en', 'purch');
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

    it('tolerates a typo in a longer Latin word, and folds plurals', async () => {
      assert.ok((await search('en', 'purchse')).hits.some((h) => h.url.startsWith('/docs/purchasing/purchase-orders')));
      assert.ok((await search('en', 'warehose')).nbHits > 0);
      assert.equal((await search('en', 'vendor')).hits[0].url, '/docs/purchasing/vendors', "'vendor' finds the page titled 'Vendors'");
    });

    it('requires every word, and ranks title and heading matches above body matches', async () => {
      const r = await search('en', 'receive purchase order');
      assert.equal(r.hits[0].url, '/docs/purchasing/purchase-orders#receive-a-purchase-order');
      assert.ok(r.hits.every((h) => h.url.startsWith('/docs/purchasing/') || h.url.startsWith('/docs/inventory/')));
      const stock = await search('en', 'transfer');
      assert.equal(stock.hits[0].url, '/docs/inventory/transfers', 'the page titled with the word first');
    });

    it('finds Korean words through their particles', async () => {
      const withParticle = await search('ko', '재고');
      assert.ok(withParticle.hits.some((h) => h.url === '/ko/docs/inventory/stock-levels#재고-실사하기' && h.type === 'lvl2'));
      // The page text says '재고를', '재고가'; a query with a particle finds the stem too.
      const typed = await search('ko', '재고를');
      assert.deepEqual(
        typed.hits.map((h) => h.url),
        withParticle.hits.map((h) => h.url),
      );
      const inText = await search('ko', '선반');
      const hit = inText.hits.find((h) => h.type === 'content' && h.content.includes('선반의'));
      assert.ok(hit, 'a word inside the text, written with a particle');
      assert.match(hit._snippetResult.content.value, /<mark>선반<\/mark>의/);
    });

    it('finds Korean compounds with and without spaces, and inside longer words', async () => {
      for (const q of ['구매 주문', '구매주문']) {
        const r = await search('ko', q);
        assert.equal(r.hits[0].url, '/ko/docs/purchasing/purchase-orders', q);
      }
      // '재주문점' (reorder point) holds '주문'.
      assert.ok((await search('ko', '주문점')).hits.some((h) => h.url.startsWith('/ko/docs/inventory/stock-levels')));
      // A syllable still being composed by the IME: '재ㄱ' on the way to '재고'.
      assert.ok((await search('ko', '재ㄱ')).hits.some((h) => h.url.startsWith('/ko/docs/inventory/')));
    });

    it('reads particles and compounds the same way in queries', async () => {
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

    it('puts the pages a Korean query names by their whole title first, as an English one does', async () => {
      // A Korean word has several index keys (공급업체: the word and its syllable pairs); the
      // operations whose titles hold more words score higher on text alone.
      const page = (url, title, pageRank, sections = []) => {
        const base = { url_without_anchor: url, version: 'next', language: 'ko' };
        const top = { lvl0: 'Docs', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
        return [
          { ...base, url, anchor: null, objectID: `${url}-0`, type: 'lvl1', content: null, hierarchy: top, weight: { pageRank, level: 100, position: 0 } },
          ...sections.map(([heading, text], i) => ({
            ...base,
            url: `${url}#s${i}`,
            anchor: `s${i}`,
            objectID: `${url}-${i + 1}`,
            type: 'content',
            content: text,
            hierarchy: { ...top, lvl2: heading },
            weight: { pageRank, level: 0, position: i + 1 },
          })),
        ];
      };
      const index = buildLocalIndex('ko', [
        ...page('/ko/docs/api/create-a-vendor-item', '공급업체 품목 생성', 40, [['요청 본문', '공급업체 품목을 만듭니다.']]),
        ...page('/ko/docs/api/get-vendor-item-list', '공급업체 품목 목록 조회', 40),
        ...page('/ko/docs/api/delete-a-vendor-item', '공급업체 품목 삭제', 40),
        ...page('/ko/docs/guide/vendor-item', '공급업체 품목', 30, [
          ['공급업체 품목 추가하기', '공급업체 품목은 공급업체가 파는 품목입니다. 공급업체 품목마다 가격이 있습니다.'],
        ]),
        ...page('/ko/docs/api/vendor-item', '공급업체 품목', 5),
        ...page('/ko/docs/api/create-a-sales-order', '판매 주문 생성', 40),
        ...page('/ko/docs/api/get-sales-order-list', '판매 주문 목록 조회', 40),
        ...page('/ko/docs/guide/sales-order', '판매 주문', 30, [['판매 주문 만들기', '판매 주문은 고객의 주문입니다.']]),
        ...page('/ko/docs/api/sales-order', '판매 주문', 5),
      ]);
      const first = async (query) => (await localIndexLoader(index).search({ query, hitsPerPage: 10, snippetWords: 10 })).hits.slice(0, 2).map((h) => h.url);
      assert.deepEqual(await first('공급업체 품목'), ['/ko/docs/guide/vendor-item', '/ko/docs/api/vendor-item']);
      // A compound typed without its space names the title that has it.
      assert.deepEqual(await first('판매주문'), ['/ko/docs/guide/sales-order', '/ko/docs/api/sales-order']);
    });

    it('indexes a text as the keys of its words, words seen before included', async () => {
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

    it('builds snippets of at most the requested number of words around the matches', async () => {
      const r = await search('en', 'replenishment list', { snippetWords: 5 });
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

    it('escapes text from the index: only <mark> is markup', async () => {
      const hit = (await search('en', 'bold')).hits.find((h) => h.type === 'content');
      const value = hit._highlightResult.content.value;
      assert.match(value, /&lt;b&gt;<mark>bold<\/mark>&lt;\/b&gt;/);
      assert.doesNotMatch(value.replace(/<\/?mark>/g, ''), /</);
    });

    it('names hits by the objectID of the matching record', async () => {
      const hit = (await search('en', 'cycle count compares')).hits[0];
      const record = records.en.find((r) => r.objectID === hit.objectID);
      assert.ok(record, 'a record with that objectID exists');
      assert.equal(record.url, hit.url);
      assert.equal(record.type, hit.type);
    });

    it('paginates: nbHits counts every match, pages hold hitsPerPage', async () => {
      const all = await search('en', 'warehouse');
      const first = await search('en', 'warehouse', { hitsPerPage: 2 });
      const second = await search('en', 'warehouse', { hitsPerPage: 2, page: 1 });
      assert.equal(first.nbHits, all.nbHits);
      assert.equal(first.nbPages, Math.ceil(all.nbHits / 2));
      assert.deepEqual(
        [...first.hits, ...second.hits].map((h) => h.url),
        all.hits.slice(0, 4).map((h) => h.url),
      );
    });

    it('answers an empty query with nothing, and no match with no hits', async () => {
      assert.equal((await search('en', '   ')).nbHits, 0);
      assert.equal((await search('en', 'xylophone')).nbHits, 0);
    });
  });

  describe('index files', () => {
    it("stores postings as gaps with each section's field length as a letter, and reads them back", async () => {
      const encoded = encodePostings([
        [0, { ids: [0, 3, 7], counts: [2, 1, 4], lengths: [5, 1, 2] }],
        [4, { ids: [0, 12], counts: [1, 3], lengths: [8, 30] }],
      ]);
      assert.equal(encoded, '0,0f2,3b,4c4 4,0i,12m3');
      const fields = new Map();
      const lengths = new Map();
      decodePostings(encoded, fields, lengths);
      assert.deepEqual(
        fields,
        new Map([
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
        ]),
      );
      assert.deepEqual([lengths.get(0)[0], lengths.get(0)[4]], [5, 8]);
      assert.equal(lengths.get(12)[4], 32, 'long fields in steps of half an octave');
      assert.equal(lengths.get(12)[0], undefined);
      for (let n = 0; n < 5000; n++) {
        const back = letterLength(lengthLetter(n));
        assert.ok(n <= 8 ? back === n : Math.abs(back - n) / n < 0.2, `${n} -> ${back}`);
      }
    });

    it('keeps the entry small and names the other files under a folder that changes with their content', async () => {
      for (const locale of ['en', 'ko']) {
        const entry = JSON.parse(indexText(locale));
        assert.match(entry.dir, new RegExp(`^${locale}\\.[0-9a-f]{12}$`));
        const files = indexFiles(locale);
        assert.equal(files.size, entry.chunks.h.length + entry.chunks.c.length + entry.fragments.length);
        assert.equal(
          entry.fragments.reduce((a, b) => a + b, 0),
          entry.documentCount,
        );
        const total = [...files.values()].reduce((n, t) => n + t.length, 0);
        assert.ok(indexText(locale).length * 5 < total, `entry ${indexText(locale).length} of ${total} characters`);
        // Keys are stored in order (Hangul composed), each chunk's first and last key in the entry.
        for (const family of ['h', 'c']) {
          const keys = entry.chunks[family].flatMap(([first, last], n) => {
            const chunk = JSON.parse(files.get(`${family}${n}.json`));
            assert.deepEqual([chunk[0][0], chunk.at(-1)[0]], [first, last]);
            return chunk.map(([key]) => key.normalize('NFD'));
          });
          assert.deepEqual(keys, [...keys].sort());
        }
      }
    });

    it('fetches only the chunks a query needs, and the fragments of its hits', async () => {
      // 3,000 pages with words of their own: many chunks and fragments.
      const names = ['amber', 'basalt', 'cobalt', 'dune', 'ember', 'fjord'];
      const records = [];
      for (let i = 0; i < 3000; i++) {
        const url = `/p${String(i).padStart(4, '0')}`;
        const hierarchy = { lvl0: 'Guides', lvl1: `${names[i % 6]} ${i}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
        const base = { url, url_without_anchor: url, anchor: null, version: 'next', language: 'en', hierarchy };
        const content = `The ${names[i % 6]}${i} and ${names[(i + 1) % 6]}x${i} notes, shared words for every page of the site.`;
        records.push(
          { ...base, objectID: `${url}-1`, type: 'lvl1', content: null, weight: { pageRank: 0, level: 100, position: 0 } },
          { ...base, objectID: `${url}-2`, type: 'content', content, weight: { pageRank: 0, level: 0, position: 1 } },
        );
      }
      const index = buildLocalIndex('en', records);
      const { chunks, fragments } = index.entry;
      assert.ok(chunks.h.length > 3 && chunks.c.length > 3 && fragments.length > 20, `${chunks.h.length}, ${chunks.c.length}, ${fragments.length}`);
      const read = new Map();
      const r = await localIndexLoader(index, read).search({ query: 'ember1234', hitsPerPage: 20, snippetWords: 10 });
      assert.deepEqual(
        r.hits.map((h) => h.url),
        ['/p1234'],
      );
      const files = [...read.keys()].map((p) => p.split('/').pop());
      assert.equal(files.filter((n) => n.startsWith('c')).length, 1, files.join());
      assert.equal(files.filter((n) => n.startsWith('f')).length, 1, files.join());
      // One or two letters are looked for in headings: no text chunk.
      const short = new Map();
      const two = await localIndexLoader(index, short).search({ query: 'em', hitsPerPage: 20, snippetWords: 10 });
      assert.ok(two.hits.length > 0 && two.hits.every((h) => /^ember/.test(h.hierarchy.lvl1)));
      const shortFiles = [...short.keys()].map((p) => p.split('/').pop());
      assert.ok(shortFiles.filter((n) => n.startsWith('c')).length <= 1 && shortFiles.length < 30, shortFiles.join());
    });

    it('finds every section holding a word, also when the first section holds it more than once', async () => {
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
      const engine = localIndexLoader(buildLocalIndex('en', records));
      const r = await engine.search({ query: 'widget', hitsPerPage: 20, snippetWords: 10 });
      assert.deepEqual(r.hits.map((h) => h.url).sort(), ['/a', '/b', '/c']);
    });

    it('writes records and fragments as pages come in, and gives the files the build wrote', async () => {
      for (const locale of ['en', 'ko']) {
        const pages = [...pagesOf(records[locale])];
        assert.ok(pages.length > 5, `${locale}: ${pages.length} pages`);
        const out = new MemoryFiles();
        const builder = new LocaleIndexBuilder(locale, out);
        for (const page of pages) builder.addPage(page);
        const { records: count, entry } = builder.finish();
        assert.equal(count, records[locale].length);
        assert.equal(out.files.get(`_docsgen/search/records.${locale}.json`), JSON.stringify(records[locale]), 'records in route order');
        assert.equal(out.files.get(`_docsgen/search/index.${locale}.json`), indexText(locale));
        const prefix = `_docsgen/search/${entry.dir}/`;
        const mine = new Map([...out.files].filter(([f]) => f.startsWith(prefix)).map(([f, text]) => [f.slice(prefix.length), text]));
        assert.deepEqual(mine, indexFiles(locale));
        assert.ok(![...out.files.keys()].some((f) => f.includes('.building')), 'the folder is renamed for its content');
      }
      // Fragments are written before the last page comes in; term chunks and the entry only at the end.
      const out = new MemoryFiles();
      const builder = new LocaleIndexBuilder('en', out);
      const fragments = [];
      for (let i = 0; i < 200; i++) {
        const url = `/p${i}`;
        const hierarchy = { lvl0: 'Guides', lvl1: `Page ${i}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
        const base = { url, url_without_anchor: url, anchor: null, version: 'next', language: 'en', hierarchy };
        builder.addPage([
          { ...base, objectID: `${url}-1`, type: 'lvl1', content: null, weight: { pageRank: 0, level: 100, position: 0 } },
          { ...base, objectID: `${url}-2`, type: 'content', content: `Words of page ${i} `.repeat(10), weight: { pageRank: 0, level: 0, position: 1 } },
        ]);
        fragments.push([...out.files.keys()].filter((f) => /\.building\/f\d+\.json$/.test(f)).length);
      }
      assert.ok(fragments[100] >= 2 && fragments[199] > fragments[100], fragments.join());
      assert.ok(![...out.files.keys()].some((f) => /index\.en|\/[hc]\d+\.json$/.test(f)));
      assert.equal(builder.finish().entry.fragments.length, fragments[199] + 1);
    });

    it('holds the postings and field lengths MiniSearch itself would index, term for term', async () => {
      for (const locale of ['en', 'ko']) {
        const entry = JSON.parse(indexText(locale));
        const files = indexFiles(locale);
        const docs = sectionDocs(groupSections(locale, records[locale]));
        const engine = new MiniSearch(miniSearchOptions());
        engine.addAll(docs);
        const expected = engine.toJSON();
        assert.equal(entry.documentCount, expected.documentCount);
        assert.deepEqual(entry.fieldIds, expected.fieldIds);
        assert.deepEqual(entry.averageFieldLength, expected.averageFieldLength);
        const terms = new Map();
        const lengths = new Map();
        for (const family of ['h', 'c'])
          entry.chunks[family].forEach((_, n) => {
            for (const [key, encoded] of JSON.parse(files.get(`${family}${n}.json`))) {
              const k = key.normalize('NFD') === key ? key : ([...expected.index].find(([t]) => t.normalize('NFC') === key)?.[0] ?? key);
              if (!terms.has(k)) terms.set(k, new Map());
              decodePostings(encoded, terms.get(k), lengths);
            }
          });
        const asObjects = (fields) => Object.fromEntries([...fields].sort(([a], [b]) => a - b).map(([f, docs]) => [f, Object.fromEntries(docs)]));
        assert.ok(terms.size > 100, `${locale}: ${terms.size} terms`);
        const sorted = (list) => [...list].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        assert.deepEqual(
          sorted([...terms].map(([t, p]) => [t, asObjects(p)])),
          sorted(expected.index.map(([t, p]) => [t, Object.fromEntries(Object.entries(p).sort(([a], [b]) => a - b))])),
        );
        for (const [id, row] of lengths)
          row.forEach((n, f) => assert.equal(n, letterLength(lengthLetter(expected.fieldLength[id][f])), `section ${id}, field ${f}`));
      }
    });
  });
});
