// The blog of one locale: posts (YYYY-MM-DD-slug.md), paginated lists, the archive, tag pages
// and author pages. Authors come from blog/authors.yml (authors.ts).
import path from 'node:path';
import type { Route, SiteConfig } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import { localPrefix, textFor } from '../config/clientSiteData.ts';
import { localizePath } from '../shared/paths.ts';
import { blogUrl } from '../shared/docUrls.ts';
import { getStrings } from '../shared/i18n/index.ts';
import { readMarkdownFile, titleAndBody, type SourceReader } from './frontMatter.ts';
import type { LocaleFile } from './sourceFiles.ts';
import { editUrlOf } from './editUrl.ts';
import { readTagLabels } from './tagLabels.ts';
import { readAuthors, resolveAuthors, type BlogAuthor } from './authors.ts';

export interface BlogPostData {
  date: string;
  authors: BlogAuthor[];
  readingTime: number;
  tags: { label: string; href: string }[];
  excerpt: string;
  truncated: boolean;
  /** "Edit this page" (blog.editUrl, front matter custom_edit_url). */
  editUrl?: string;
  newer?: { title: string; href: string };
  older?: { title: string; href: string };
}

const DATED = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/;

export function collectBlog(config: SiteConfig, locale: string, files: Map<string, LocaleFile>, problems: ProblemList, readSource?: SourceReader): Route[] {
  // A site without a blog (a Docusaurus site's `blog: false`) has none of its pages.
  if (!config.sources.blog) return [];
  const prefix = localPrefix(config, locale);
  const strings = getStrings(locale);
  const authors = readAuthors(files.get('blog/authors.yml') ?? files.get('blog/authors.yaml'), config.root, problems);
  const blogTitle = textFor(config.blog.title, locale, config.defaultLocale) || strings.blog;
  const tagLabels = readTagLabels(files.get('blog/tags.yml'), problems);
  const posts: Route[] = [];

  for (const f of files.values()) {
    if (!f.rel.startsWith('blog/') || !/\.(md|mdx|markdown)$/.test(f.rel)) continue;
    const src = readMarkdownFile(f.file, problems, readSource);
    if (!src) continue;
    const fm = src.frontMatter;
    if (fm.draft && !config.includeDrafts) continue;
    const name = path.posix.basename(f.rel).replace(/\.(md|mdx|markdown)$/, '');
    const folderName = name === 'index' ? path.posix.basename(path.posix.dirname(f.rel)) : name;
    const dated = DATED.exec(folderName);
    const date = fm.date ? toIsoDate(fm.date) : dated ? `${dated[1]}-${dated[2]}-${dated[3]}` : undefined;
    if (!date) {
      problems.add({
        code: 'blog-date-missing',
        message: 'Blog post has no date',
        file: f.file,
        line: 1,
        hint: 'Name the file YYYY-MM-DD-slug.md or add "date: 2026-01-31" to the front matter.',
      });
      continue;
    }
    // Docusaurus's permalinks carry the date of the file name: 2016-07-27-jest-14.md is 2016/07/27/jest-14.
    const fileSlug = dated ? (config.blog.dateInPath ? `${dated[1]}/${dated[2]}/${dated[3]}/${dated[4]}` : dated[4]) : folderName;
    const slug = (fm.slug ?? fileSlug).replace(/^\//, '');
    // Without a title or a heading, a post is named by its file, without the date (Docusaurus's rule).
    const resolved = titleAndBody(src, dated ? dated[4] : folderName);
    const { title, bodyLine } = resolved;
    let body = resolved.body;
    const marker = /^\s*(<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\})\s*$/m.exec(body);
    const excerpt = marker ? body.slice(0, marker.index) : (body.split(/\n\s*\n/).find((p) => p.trim() && !p.trim().startsWith('#')) ?? '');
    if (marker) body = body.slice(0, marker.index) + '\n' + body.slice(marker.index + marker[0].length);
    const postAuthors = resolveAuthors(config, fm.authors, authors, prefix);
    const data: BlogPostData = {
      date,
      authors: postAuthors,
      readingTime: readingMinutes(body),
      tags: (fm.tags ?? [])
        .map((tag) => tagLabels.resolve(tag))
        .map((t) => ({ label: t.label, href: localizePath(blogUrl(config, `tags/${t.slug}`), prefix) })),
      excerpt,
      truncated: Boolean(marker),
    };
    const post: Route = {
      path: localizePath(blogUrl(config, slug), prefix),
      locale,
      kind: 'blog-post',
      key: `blog:${slug}`,
      title,
      description: fm.description,
      sourceFile: f.file,
      fallback: f.fallback,
      frontMatter: fm,
      body,
      bodyLine,
      tags: fm.tags,
      noindex: fm.unlisted || undefined,
      data: data as unknown as Record<string, unknown>,
    };
    data.editUrl = editUrlOf(config, post, problems);
    posts.push(post);
  }
  posts.sort((a, b) => postDate(b).localeCompare(postDate(a)) || a.path.localeCompare(b.path));
  const routes: Route[] = [...posts];
  // Unlisted posts are published at their URL only: no list, archive, tag, author page or feed
  // names them, and they are no step of the newer/older links.
  posts.splice(0, posts.length, ...posts.filter((p) => !p.noindex));
  posts.forEach((p, i) => {
    const d = p.data as unknown as BlogPostData;
    if (i > 0) d.newer = { title: posts[i - 1].title, href: posts[i - 1].path };
    if (i < posts.length - 1) d.older = { title: posts[i + 1].title, href: posts[i + 1].path };
  });

  const base = localizePath(blogUrl(config), prefix);
  const perPage = config.blog.postsPerPage;
  const pages = Math.max(1, Math.ceil(posts.length / perPage));
  const pageHref = (n: number) => (n === 1 ? base : `${base}/page/${n}`);
  for (let n = 1; n <= pages; n++) {
    routes.push({
      path: pageHref(n),
      locale,
      kind: 'blog-list',
      key: n === 1 ? 'blog' : `blog:page:${n}`,
      title: blogTitle,
      description: textFor(config.blog.description, locale, config.defaultLocale) || undefined,
      data: {
        paths: posts.slice((n - 1) * perPage, n * perPage).map((p) => p.path),
        page: n,
        pages,
        newer: n > 1 ? pageHref(n - 1) : undefined,
        older: n < pages ? pageHref(n + 1) : undefined,
      },
    });
  }
  routes.push({
    path: `${base}/archive`,
    locale,
    kind: 'blog-archive',
    key: 'blog:archive',
    title: strings.blogArchive,
    description: strings.blogArchiveDescription,
    data: { paths: posts.map((p) => p.path) },
  });

  const tags = new Map<string, { label: string; paths: string[] }>();
  for (const p of posts) {
    for (const tag of p.tags ?? []) {
      const { slug, label } = tagLabels.resolve(tag);
      const entry = tags.get(slug) ?? { label, paths: [] };
      entry.paths.push(p.path);
      tags.set(slug, entry);
    }
  }
  const tagList = [...tags].sort((a, b) => a[0].localeCompare(b[0]));
  // A list of tags or authors is made only when there is one to list (Docusaurus's rule too): an
  // empty page would be a dead end in the sitemap and the search.
  if (tagList.length)
    routes.push({
      path: `${base}/tags`,
      locale,
      kind: 'blog-tags',
      key: 'blog:tags',
      title: strings.blogTags,
      data: { tags: tagList.map(([slug, t]) => ({ label: t.label, href: `${base}/tags/${slug}`, count: t.paths.length })) },
    });
  for (const [slug, t] of tagList) {
    routes.push({
      path: `${base}/tags/${slug}`,
      locale,
      kind: 'blog-tag',
      key: `blog:tag:${slug}`,
      title: strings.blogPostsTagged(t.label, t.paths.length),
      data: { paths: t.paths, tag: t.label, allTagsHref: `${base}/tags` },
    });
  }

  const used = [...authors.values()].filter((a) => posts.some((p) => (p.data as unknown as BlogPostData).authors.some((x) => x.key === a.key)));
  if (used.length)
    routes.push({
      path: `${base}/authors`,
      locale,
      kind: 'blog-authors',
      key: 'blog:authors',
      title: strings.blogAuthors,
      data: {
        authors: used.map((a) => ({
          ...a,
          href: `${base}/authors/${a.slug ?? a.key}`,
          count: posts.filter((p) => (p.data as unknown as BlogPostData).authors.some((x) => x.key === a.key)).length,
        })),
      },
    });
  for (const a of used) {
    routes.push({
      path: `${base}/authors/${a.slug ?? a.key}`,
      locale,
      kind: 'blog-author',
      key: `blog:author:${a.key}`,
      title: strings.blogPostsBy(a.name),
      description: a.title,
      data: { author: a, paths: posts.filter((p) => (p.data as unknown as BlogPostData).authors.some((x) => x.key === a.key)).map((p) => p.path) },
    });
  }
  return routes;
}

function postDate(r: Route): string {
  return (r.data as unknown as BlogPostData).date;
}

function toIsoDate(value: Date | string): string {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : d.toISOString().slice(0, 10);
}

/** Minutes to read: 200 words a minute; Hangul counted at 500 syllables a minute. */
export function readingMinutes(markdown: string): number {
  const text = markdown.replace(/```[\s\S]*?```/g, ' ');
  const hangul = (text.match(/[\uac00-\ud7a3]/g) ?? []).length;
  const words = text
    .replace(/[\uac00-\ud7a3]+/g, ' ')
    .split(/\s+/)
    .filter((w) => /\w/.test(w)).length;
  return Math.max(1, Math.round(words / 200 + hangul / 500));
}
