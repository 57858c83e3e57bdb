// @theme/TOCInline: the page's table of contents inside the text, from the `toc` every MDX page
// exports (Docusaurus's shape: { value, id, level }, value being the heading's HTML made by the
// build from the page's own headings). `toc={toc.slice(2)}` and the level props work as on Docusaurus.
import type { ReactNode } from 'react';

export interface TocEntry {
  value: string;
  id: string;
  level: number;
}

export interface TOCInlineProps {
  toc: readonly TocEntry[];
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
  className?: string;
}

interface TocNode extends TocEntry {
  children: TocNode[];
}

/** The entries within the levels, each under the nearest earlier entry of a lower level. */
function nest(toc: readonly TocEntry[], min: number, max: number): TocNode[] {
  const roots: TocNode[] = [];
  const open: TocNode[] = [];
  for (const entry of toc) {
    if (entry.level < min || entry.level > max) continue;
    const node: TocNode = { ...entry, children: [] };
    while (open.length && open[open.length - 1].level >= node.level) open.pop();
    (open.length ? open[open.length - 1].children : roots).push(node);
    open.push(node);
  }
  return roots;
}

function List({ nodes }: { nodes: TocNode[] }): ReactNode {
  if (!nodes.length) return null;
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.id}>
          <a href={`#${node.id}`} dangerouslySetInnerHTML={{ __html: node.value }} />
          <List nodes={node.children} />
        </li>
      ))}
    </ul>
  );
}

export default function TOCInline({ toc, minHeadingLevel = 2, maxHeadingLevel = 3, className }: TOCInlineProps) {
  return (
    <div className={['toc-in-text', className].filter(Boolean).join(' ')}>
      <List nodes={nest(toc, minHeadingLevel, maxHeadingLevel)} />
    </div>
  );
}
