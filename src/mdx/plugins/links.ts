// Links and images as the page's elements hold them (MDX has normalised their URLs by then), each
// with its file line, for the route to resolve and the build to check; and every id in the page,
// for links to its anchors. A URL the site's URL policy refuses is left out, as on Markdown
// pages: a link keeps its text, an image its alt text.
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { SKIP, visit } from 'unist-util-visit';
import { isAllowedUrl, refusedUrlMessage, REFUSED_URL_HINT } from '../../shared/urlPolicy.ts';
import { stateOf } from '../state.ts';

export function rehypeLinks() {
  return (tree: Root, file: VFile) => {
    const state = stateOf(file);
    visit(tree, (node, index, parent) => {
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        for (const a of node.attributes) if (a.type === 'mdxJsxAttribute' && a.name === 'id' && typeof a.value === 'string') state.anchors.push(a.value);
        return;
      }
      if (node.type !== 'element') return;
      const id = node.properties.id;
      if (id !== undefined && id !== null) state.anchors.push(String(id));
      const attr = node.tagName === 'a' ? 'href' : node.tagName === 'img' ? 'src' : undefined;
      const url = attr ? node.properties[attr] : undefined;
      if (typeof url !== 'string' || !attr) return;
      const line = node.position?.start.line ?? 1;
      if (isAllowedUrl(url)) {
        state.links.push({ url, line, image: attr === 'src' });
        return;
      }
      state.warnings.push({ code: 'url-refused', message: refusedUrlMessage(url), line, hint: REFUSED_URL_HINT });
      if (!parent || index === undefined) return;
      const kept: ElementContent[] = attr === 'href' ? node.children : [{ type: 'text', value: String(node.properties.alt ?? '') }];
      parent.children.splice(index, 1, ...(kept as Element[]));
      return [SKIP, index];
    });
  };
}
