// The blog: posts, paginated lists, archive, tags and authors. A post with headings gets the docs'
// table of contents: beside the post on wide screens, a dropdown above it on narrow ones.
import type { ComponentType } from 'react';
import type { ClientSiteData, PageData } from 'docsgen/shared/types';
import { getStrings } from 'docsgen/strings';
import { DocMeta, FallbackNotice, PageBody, PrevNext, TagCloud, UnlistedNotice } from '../components/DocParts.tsx';
import { Toc, useActiveHeading } from '../components/Toc.tsx';
import { formatDate, useHref, useStrings } from '../hooks.ts';

interface Author {
  key: string;
  name: string;
  title?: string;
  image?: string;
  href?: string;
  count?: number;
  socials?: [string, string][];
}
interface Post {
  title: string;
  href: string;
  date: string;
  description?: string;
  authors: Author[];
  readingTime: number;
  tags: { label: string; href: string }[];
  excerptHtml: string;
  truncated: boolean;
}

export default function BlogLayout({ page, PageComponent }: { page: PageData; site: ClientSiteData; PageComponent?: ComponentType }) {
  const strings = getStrings(page.locale);
  const href = useHref();
  const props = (page.props ?? {}) as Record<string, any>;
  const showToc = page.kind === 'blog-post' && Boolean(page.toc?.length) && !page.hideToc;
  const active = useActiveHeading(showToc ? page.toc : undefined);
  return (
    <div className={`blog-page${showToc ? ' has-toc' : ''}`}>
      <main id="main" className="blog-main" tabIndex={-1}>
        {page.kind === 'blog-post' ? (
          <article className="blog-post">
            <FallbackNotice page={page} />
            <UnlistedNotice page={page} />
            <header className="blog-post-header">
              <h1>{page.title}</h1>
              <PostMeta date={props.date} readingTime={props.readingTime} locale={page.locale} />
              <Authors authors={props.authors} />
            </header>
            {showToc && <Toc items={page.toc!} locale={page.locale} variant="inline" active={active} />}
            <PageBody html={page.html} Content={PageComponent} />
            <PostTags tags={props.tags} locale={page.locale} />
            <DocMeta page={page} />
            <PrevNext page={page} prev={props.newer} next={props.older} label={strings.blogPagination} />
          </article>
        ) : (
          <>
            <header className="blog-list-header">
              {page.kind === 'blog-author' ? <AuthorHeader author={props.author} title={page.title} /> : <h1>{page.title}</h1>}
              {page.description && page.kind !== 'blog-author' && <p className="lead">{page.description}</p>}
              {props.allTagsHref && <a href={href(props.allTagsHref)}>{strings.viewAllTags}</a>}
            </header>
            {props.posts && page.kind !== 'blog-archive' && <PostList posts={props.posts} locale={page.locale} />}
            {page.kind === 'blog-archive' && <Archive posts={props.posts} locale={page.locale} />}
            {page.kind === 'blog-tags' && <TagCloud tags={props.tags} />}
            {page.kind === 'blog-authors' && <AuthorList authors={props.authors} locale={page.locale} />}
            {page.kind === 'blog-list' && (props.newer || props.older) && (
              <nav className="pagination-nav" aria-label={strings.blogPagination}>
                {props.newer ? (
                  <a className="pagination-link prev" href={href(props.newer)}>
                    {strings.newerPosts}
                  </a>
                ) : (
                  <span />
                )}
                {props.older && (
                  <a className="pagination-link next" href={href(props.older)}>
                    {strings.olderPosts}
                  </a>
                )}
              </nav>
            )}
          </>
        )}
      </main>
      {showToc && (
        <aside className="doc-toc" aria-label={strings.onThisPage}>
          <Toc items={page.toc!} locale={page.locale} variant="side" active={active} />
        </aside>
      )}
    </div>
  );
}

function PostMeta({ date, readingTime, locale }: { date: string; readingTime: number; locale: string }) {
  const strings = getStrings(locale);
  return (
    <p className="post-meta">
      <time dateTime={date}>{formatDate(date, locale)}</time> · {strings.minRead(readingTime)}
    </p>
  );
}

function Authors({ authors }: { authors: Author[] }) {
  const href = useHref();
  if (!authors?.length) return null;
  return (
    <ul className="post-authors">
      {authors.map((a) => (
        <li key={a.key} className="post-author">
          {a.image && <img src={a.image} alt="" width="40" height="40" loading="lazy" />}
          <span>
            {a.href ? <a href={href(a.href)}>{a.name}</a> : a.name}
            {a.title && <span className="post-author-title">{a.title}</span>}
            <AuthorSocials socials={a.socials} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function PostTags({ tags, locale }: { tags: { label: string; href: string }[]; locale: string }) {
  const href = useHref();
  if (!tags?.length) return null;
  return (
    <div className="tag-list">
      <span className="tag-list-label">{getStrings(locale).taggedWith}:</span>
      <ul>
        {tags.map((t) => (
          <li key={t.href}>
            <a className="tag" href={href(t.href)} rel="tag">
              {t.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PostList({ posts, locale }: { posts: Post[]; locale: string }) {
  const href = useHref();
  const strings = getStrings(locale);
  return (
    <ul className="post-list">
      {posts.map((p) => (
        <li key={p.href}>
          <article className="post-summary">
            <h2>
              <a href={href(p.href)}>{p.title}</a>
            </h2>
            <PostMeta date={p.date} readingTime={p.readingTime} locale={locale} />
            <Authors authors={p.authors} />
            <div className="markdown" dangerouslySetInnerHTML={{ __html: p.excerptHtml }} />
            {p.truncated && (
              <a className="read-more" href={href(p.href)} aria-label={`${strings.readMore}: ${p.title}`}>
                {strings.readMore}
              </a>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}

function Archive({ posts, locale }: { posts: { title: string; href: string; date: string }[]; locale: string }) {
  const href = useHref();
  const years = new Map<string, typeof posts>();
  for (const p of posts) years.set(p.date.slice(0, 4), [...(years.get(p.date.slice(0, 4)) ?? []), p]);
  return (
    <div className="archive">
      {[...years].map(([year, list]) => (
        <section key={year}>
          <h2>{year}</h2>
          <ul>
            {list.map((p) => (
              <li key={p.href}>
                <time dateTime={p.date}>{formatDate(p.date, locale)}</time> <a href={href(p.href)}>{p.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function AuthorList({ authors, locale }: { authors: Author[]; locale: string }) {
  const href = useHref();
  const strings = getStrings(locale);
  return (
    <ul className="author-list">
      {authors.map((a) => (
        <li key={a.key} className="author-card">
          {a.image && <img src={a.image} alt="" width="64" height="64" loading="lazy" />}
          <div>
            <h2>
              <a href={href(a.href!)}>{a.name}</a>
            </h2>
            {a.title && <p>{a.title}</p>}
            <AuthorSocials socials={a.socials} />
            <p className="author-count">{strings.postCount(a.count ?? 0)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function AuthorHeader({ author, title }: { author: Author; title: string }) {
  return (
    <div className="author-header">
      {author.image && <img src={author.image} alt="" width="80" height="80" />}
      <div>
        <h1>{title}</h1>
        {author.title && <p className="lead">{author.title}</p>}
        <AuthorSocials socials={author.socials} />
      </div>
    </div>
  );
}

/** Names of the platforms of authors.yml's socials; another is shown as written. */
const PLATFORMS: Record<string, string> = {
  x: 'X',
  twitter: 'Twitter',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  stackoverflow: 'Stack Overflow',
  bluesky: 'Bluesky',
  instagram: 'Instagram',
  threads: 'Threads',
  mastodon: 'Mastodon',
  twitch: 'Twitch',
  youtube: 'YouTube',
};

function AuthorSocials({ socials }: { socials?: [string, string][] }) {
  const strings = useStrings();
  if (!socials?.length) return null;
  return (
    <span className="author-socials">
      {socials.map(([platform, url]) => (
        <a key={`${platform} ${url}`} href={url} rel="noopener noreferrer">
          {platform === 'email' ? strings.authorEmail : Object.hasOwn(PLATFORMS, platform) ? PLATFORMS[platform] : platform}
        </a>
      ))}
    </span>
  );
}
