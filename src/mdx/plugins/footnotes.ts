// Footnotes (GFM's, made by remark-rehype) with the classes and labels the Markdown pages give
// theirs, so one stylesheet serves both: the reference's <sup>, the labelled section, the back link.
import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

export function rehypeFootnotes() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      const className = (node.properties.className as string[] | undefined) ?? [];
      if (node.tagName === 'sup' && node.children.some((c) => c.type === 'element' && c.properties.dataFootnoteRef !== undefined)) {
        node.properties.className = [...className, 'footnote-ref'];
      } else if (node.tagName === 'section' && node.properties.dataFootnotes !== undefined) {
        node.properties.ariaLabelledBy = ['footnote-label'];
        delete node.properties.dataFootnotes;
      } else if (node.tagName === 'a' && node.properties.dataFootnoteBackref !== undefined) {
        node.properties.className = ['footnote-backref'];
        delete node.properties.dataFootnoteBackref;
      } else if (node.tagName === 'a' && node.properties.dataFootnoteRef !== undefined) {
        delete node.properties.dataFootnoteRef;
      }
    });
  };
}
