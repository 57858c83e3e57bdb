// What every MDX page is rendered with (MDX's provider, @theme/MDXComponents): its links and
// images take the URLs the build resolved for the page (a relative .md link becomes the page's
// route, an image its published file), and the theme's static components can be used without an
// import, as on Docusaurus. A site overrides it with its own templates/mdx/MDXComponents.tsx,
// which can import this one as 'docsgen/theme-original/mdx/MDXComponents' and add to it.
import type { AnchorHTMLAttributes, ComponentType, ImgHTMLAttributes } from 'react';
import { useRouter } from 'docsgen/client';
import Admonition from './Admonition.tsx';
import CodeBlock from './CodeBlock.tsx';
import Details from './Details.tsx';
import DocCardList from './DocCardList.tsx';

function useResolved(target: string | undefined, image: boolean): string | undefined {
  const { page } = useRouter();
  if (target === undefined) return undefined;
  return page.mdx?.hrefs[image ? `!${target}` : target] ?? target;
}

function Link({ href, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const to = useResolved(href, false);
  const external = to !== undefined && /^(https?:)?\/\//i.test(to);
  return <a href={to} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...props} />;
}

function Image({ src, ...props }: ImgHTMLAttributes<HTMLImageElement>) {
  return <img src={useResolved(typeof src === 'string' ? src : undefined, true)} loading="lazy" decoding="async" {...props} />;
}

const components: Record<string, ComponentType<any>> = { a: Link, img: Image, Admonition, CodeBlock, Details, DocCardList };

export function useMDXComponents(): Record<string, ComponentType<any>> {
  return components;
}

export default components;
