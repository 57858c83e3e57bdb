// The Ianai API reference as a reader reaches it, in Chromium: the landing lists every operation
// (method, path, title) by resource and group, one click from each, and its sidebar shows the
// groups' operations as links, in English and Korean; on a phone an operation page offers a jump
// from its description to the code samples; the parts an operation page sends unfilled (the
// JavaScript and Python request body, shared responses' examples, large folded schema trees)
// appear when their tab or fold is first opened, the same as the page's Markdown copy and the
// schema's home say.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { servedRealSite } from './helpers/browser.mjs';
import { operationPages } from '../scripts/api-page-weight.mjs';

describe('reaching the API reference', () => {
  let fx;
  before(async () => {
    fx = await servedRealSite();
  });
  after(() => fx?.close());

  for (const prefix of ['', '/ko']) {
    it(`lists every operation on the landing and in its sidebar (${prefix || 'en'})`, async () => {
      const ops = operationPages(fx.out)
        .map((p) => p.route)
        .filter((r) => (prefix ? r.startsWith('/ko/') : !r.startsWith('/ko/')))
        // The current release's: an earlier release (routeBase/<version>/) has a landing of its own.
        .filter((r) => !/\/docs\/api\/\d[^/]*\//.test(r));
      assert.ok(ops.length > 200, `${ops.length} operation pages`);
      const { page, context, problems } = await fx.open(`${prefix}/docs/category/ianaiapi`, { width: 1440, height: 900 });
      const rows = await page.$$eval('.markdown .api-op-index > li', (lis) =>
        lis.map((li) => ({
          href: li.querySelector('a')?.getAttribute('href'),
          method: li.querySelector('.method-badge')?.textContent,
          title: li.querySelector('.api-op-title')?.textContent,
          path: li.querySelector('.api-path')?.textContent,
          group: (() => {
            // The group heading (h3) the resource's section follows.
            let el = li.closest('.api-resource');
            while (el && el.tagName !== 'H3') el = el.previousElementSibling;
            return el?.id;
          })(),
        })),
      );
      assert.deepEqual([...new Set(rows.map((r) => r.href))].sort(), [...ops].sort(), 'every operation page, once');
      for (const r of rows) {
        assert.match(r.method, /^(GET|POST|PUT|PATCH|DELETE)$/);
        assert.ok(r.title && r.path.startsWith('/'), JSON.stringify(r));
        assert.ok(r.group, `${r.href} is under a group heading`);
      }
      // The sidebar: the groups as categories, open, each with its resources' operations as links.
      const sidebar = await page.$$eval('.doc-sidebar li > a', (as) => as.filter((a) => a.offsetParent !== null).map((a) => a.getAttribute('href')));
      const missing = ops.filter((r) => !sidebar.includes(r));
      assert.deepEqual(missing, [], 'every operation is a visible link in the landing sidebar');
      const groups = await page.$$eval('.markdown h3[id^="group-"]', (hs) => hs.map((h) => h.firstChild.textContent.trim()));
      const categories = await page.$$eval('.doc-sidebar .sidebar-category-button', (ls) => ls.map((l) => l.textContent));
      for (const g of groups) assert.ok(categories.includes(g), `sidebar group ${g} (${categories.join(', ')})`);
      // Every group and resource open at once: each category's list has an id of its own.
      const ids = await page.$$eval('.doc-sidebar [id]', (els) => els.map((e) => e.id));
      assert.deepEqual(
        ids.filter((id, i) => ids.indexOf(id) !== i),
        [],
        'no id twice in the sidebar',
      );
      // One click: following a row lands on its operation.
      await page.locator('.markdown .api-op-index a').first().click();
      await page.waitForURL((u) => u.pathname === rows[0].href);
      assert.equal(await page.locator('.api-endpoint .api-path').innerText(), rows[0].path);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  it('offers a phone reader a jump from the description to the code samples', async () => {
    const { page, context, problems } = await fx.open('/docs/api/create-a-sales-order', { width: 390, height: 844 });
    const jump = page.locator('.api-jump a');
    const at = await page.evaluate(() => ({
      jump: document.querySelector('.api-jump').getBoundingClientRect().top + scrollY,
      samples: document.getElementById('code-samples').getBoundingClientRect().top + scrollY,
      description: document.querySelector('.api-endpoint').getBoundingClientRect().bottom + scrollY,
    }));
    assert.ok(at.jump > at.description && at.jump < 1500, `the jump follows the description near the top: ${JSON.stringify(at)}`);
    assert.ok(at.samples > 5000, `the samples come after the fields on a phone: ${JSON.stringify(at)}`);
    await jump.click();
    await page.waitForFunction(() => Math.abs(document.getElementById('code-samples').getBoundingClientRect().top) < 200);
    assert.equal(await page.locator('.api-samples pre').first().isVisible(), true);
    assert.deepEqual(problems, []);
    await context.close();
    // Beside the fields (from 1200 px) the samples are in view already: no jump.
    const wide = await fx.open('/docs/api/create-a-sales-order', { width: 1440, height: 900 });
    assert.equal(await wide.page.locator('.api-jump').isVisible(), false);
    await wide.context.close();
  });

  it('fills the other languages’ body, shared examples and large folds when opened, as the page’s copy says', async () => {
    const route = '/docs/api/create-a-sales-order';
    const md = fs.readFileSync(path.join(fx.out, `${route}.md`), 'utf8');
    const { page, context, problems } = await fx.open(route, { width: 1440, height: 900 });
    for (const [label, lang] of [
      ['JavaScript', 'javascript'],
      ['Python', 'python'],
    ]) {
      await page.locator('.api-samples [role="tab"]', { hasText: label }).click();
      const panel = page.locator('.api-samples [role="tabpanel"]:not([hidden])');
      await page.waitForFunction(() => !document.querySelector('.api-samples [role="tabpanel"]:not([hidden]) [data-api-body]'));
      // An empty line is drawn as one space.
      const code = (await panel.locator('code').textContent()).replace(/^ $/gm, '');
      // The Markdown copy holds every sample in full.
      const fence = md.match(new RegExp('```' + lang + '\\n([\\s\\S]*?)\\n```'))[1];
      assert.equal(code, fence, label);
      assert.ok((await panel.locator('.hljs-attr').count()) > 5, `${label}: the body is highlighted`);
    }
    // A shared response's example comes from its home (Errors).
    const tab = page.locator('.api-response-examples [role="tab"]', { hasText: '401' });
    await tab.click();
    const panel = page.locator('.api-response-examples [role="tabpanel"]:not([hidden])');
    await panel.locator('.code-block').waitFor();
    assert.match(await panel.locator('code').textContent(), /"status": 401/);
    // A large folded tree (the order's lines) is filled from its home when opened.
    const fold = page.locator('#request-body ~ .api-schema-root details.api-children[data-api-tree]').first();
    const url = await fold.getAttribute('data-api-tree');
    assert.ok(url, 'the request body has a folded shared schema');
    await fold.locator('summary').click();
    const filled = page.locator('#request-body ~ .api-schema-root details.api-children[open]').first();
    await filled.locator(':scope > ul.api-schema').waitFor();
    assert.ok((await filled.locator(':scope > ul.api-schema > li').count()) > 3);
    assert.equal(await filled.locator(':scope > .api-see-schema a').getAttribute('href'), url);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
