// Assembles one API page's PageContent: HTML parts in order, headings (with the same permalink
// markup as Markdown headings) feeding the table of contents, anchors and search blocks, the links
// of every Markdown description on the page, and the page's Markdown copy, block by block beside
// the HTML that shows the same thing.
import type { ContentBlock, LinkRef, PageContent, TocItem } from '../../types.ts';
import { escapeHtml, type LocaleContext, type Rendered } from './context.ts';
import { mdText } from './markdownText.ts';
import { setPageParts, type PagePart, type SharedFragment } from './parts.ts';

export class PageBuilder {
  private parts: PagePart[] = [];
  private md: PagePart[] = [];
  private toc: TocItem[] = [];
  private anchors: string[] = [];
  private ids = new Set<string>();
  private blocks: ContentBlock[] = [];
  private links: LinkRef[] = [];
  constructor(private ctx: LocaleContext) {}

  /** A unique id on this page (a second "example" becomes "example-2"). */
  id(base: string): string {
    let id = base || 'section';
    for (let n = 2; this.ids.has(id); n++) id = `${base}-${n}`;
    this.ids.add(id);
    return id;
  }

  /** A heading; `after` is HTML shown after its text (a badge), `afterMd` the same in Markdown. */
  heading(level: number, idBase: string, text: string, after = '', afterMd = ''): string {
    const id = this.id(idBase);
    const label = `${this.ctx.strings.directLink}: ${text}`;
    this.parts.push(
      `<h${level} id="${escapeHtml(id)}" tabindex="-1">${escapeHtml(text)}${after} <a class="hash-link" href="#${escapeHtml(encodeURI(id))}" aria-label="${escapeHtml(label)}">#</a></h${level}>\n`,
    );
    this.md.push(`${'#'.repeat(level)} ${mdText(text)}${afterMd}`);
    this.anchors.push(id);
    if (level >= this.ctx.toc.minLevel && level <= this.ctx.toc.maxLevel) this.toc.push({ id, text, level });
    this.blocks.push({ level, text, anchor: id });
    return id;
  }

  /** HTML and the Markdown block(s) that say the same ('' when the HTML is only markup). */
  html(html: string, md: string): void {
    if (html) this.parts.push(html);
    if (md) this.md.push(md);
  }

  /** An element id that links may target (responses, schema sections). */
  anchor(id: string): void {
    this.anchors.push(id);
  }

  /** Text for the search index (a parameter, a response, a description without Markdown). */
  text(text: string): void {
    const t = text.replace(/\s+/g, ' ').trim();
    if (t) this.blocks.push({ level: 0, text: t });
  }

  markdown(r: Rendered): void {
    if (!r.html) return;
    this.parts.push(r.html);
    this.md.push(r.md);
    this.toc.push(...r.toc);
    for (const a of r.anchors) {
      this.anchors.push(a);
      this.ids.add(a);
    }
    this.blocks.push(...r.blocks);
    this.links.push(...r.links);
  }

  /** A shared fragment: the same object wherever it is shown (SchemaTree memoises its trees). */
  fragment(f: SharedFragment & { links: LinkRef[] }): void {
    this.parts.push(f);
    this.md.push(f);
    if (f.links.length) this.links.push(...f.links);
  }

  addLinks(links: LinkRef[]): void {
    if (links.length) this.links.push(...links);
  }

  result(): PageContent {
    const html = this.parts.map((p) => (typeof p === 'string' ? p : p.html)).join('');
    const content: PageContent = { html, toc: this.toc, anchors: this.anchors, links: this.links, blocks: this.blocks };
    setPageParts(content, { html: this.parts, md: this.md });
    return content;
  }
}
