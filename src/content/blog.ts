// The blog of one locale: posts (YYYY-MM-DD-slug.md), paginated lists, the archive, tag pages
// and author pages. Authors come from blog/authors.yml.
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type { Route, SiteConfig } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import { localPrefix, textFor } from '../config/clientSiteData.ts';
import { localizePath } from '../shared/paths.ts';
import { blogUrl } from '../shared/docUrls.ts';
import { isAllowedUrl, refusedUrlMessage, REFUSED_URL_HINT } from '../shared/urlPolicy.ts';
import { inSite, isUnder } from '../shared/safePath.ts';
import { getStrings } from '../shared/i18n/index.ts';
import { readMarkdownFile, titleAndBody, type SourceReader } from './frontMatter.ts';
import { kebab, type LocaleFile } from './sourceFiles.ts';
import { editUrlOf } from './editUrl.ts';
import { readTagLabels } from './tagLabels.ts';

export interface BlogAuthor {
  key: string;
  /** Where the author's page is under the blog's authors/: the key, or authors.yml's page.permalink. */
  slug?: string;
  name: string;
  title?: string;
  /** Site URL of the avatar, resolved at render time from image_url / image. */
  image?: string;
  imageFile?: string;
  url?: string;
  href?: string;
  /** authors.yml's socials as links: [platform as written, URL]. */
  socials?: [string, string][];
}

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

function readAuthors(f: LocaleFile | undefined, root: string, problems: ProblemList): Map<string, BlogAuthor> {
  const map = new Map<string, BlogAuthor>();
  if (!f) return map;
  const text = fs.readFileSync(f.file, 'utf8');
  let data: Record<string, Record<string, string>>;
  try {
    data = (yaml.load(text) ?? {}) as Record<string, Record<string, string>>;
  } catch (err) {
    const e = err as { mark?: { line: number }; reason?: string; message: string };
    problems.add({ code: 'authors-invalid', message: `Invalid authors file: ${e.reason ?? e.message}`, file: f.file, line: (e.mark?.line ?? 0) + 1 });
    return map;
  }
  for (const [key, a] of Object.entries(data)) {
    if (!a || typeof a.name !== 'string') {
      problems.add({
        code: 'authors-invalid',
        message: `Author "${key}" has no name`,
        file: f.file,
        line: text.split('\n').findIndex((l) => l.startsWith(`${key}:`)) + 1 || 1,
      });
      continue;
    }
    const url = allowedAuthorUrl(a.url, 'url', key, f.file, text, problems);
    const field = a.image_url !== undefined ? 'image_url' : 'image';
    const image = allowedAuthorUrl(a.image_url ?? a.image, field, key, f.file, text, problems);
    const isUrl = image !== undefined && /^[a-z]+:|^\//i.test(image);
    // Docusaurus's `page: { permalink: '/all-posts-by-ana' }` names the author's page under authors/.
    const permalink = (a.page as unknown as { permalink?: unknown } | undefined)?.permalink;
    const slug = typeof permalink === 'string' ? permalink.replace(/^\/+|\/+$/g, '') : '';
    map.set(key, {
      key,
      slug: /^[\w\-./]+$/.test(slug) && !slug.split('/').includes('..') ? slug : key,
      name: a.name,
      title: a.title,
      url,
      imageFile: image && !isUrl ? authorImageFile(image, field, key, f.file, text, root, problems) : undefined,
      image: isUrl ? image : undefined,
      socials: authorSocials(a.socials, key, f.file, text, problems),
    });
  }
  return map;
}

/** Where a handle in authors.yml's socials leads, by platform, as on Docusaurus. */
const SOCIAL_PROFILES: Record<string, (handle: string) => string> = {
  x: (h) => `https://x.com/${h}`,
  twitter: (h) => `https://twitter.com/${h}`,
  github: (h) => `https://github.com/${h}`,
  linkedin: (h) => `https://www.linkedin.com/in/${h}/`,
  stackoverflow: (id) => `https://stackoverflow.com/users/${id}`,
  bluesky: (h) => `https://bsky.app/profile/${h}`,
  instagram: (h) => `https://www.instagram.com/${h}`,
  threads: (h) => `https://www.threads.net/@${h}`,
  mastodon: (h) => `https://mastodon.social/@${h}`,
  twitch: (h) => `https://twitch.tv/${h}`,
  youtube: (h) => `https://youtube.com/@${h}`,
  email: (address) => `mailto:${address}`,
};

/**
 * An author's socials (Docusaurus's `socials: { github: 'ana', newsletter: 'https://...' }`) as
 * links: a handle on a platform above becomes its profile URL, an absolute URL stays. Anything
 * else is a warning at its line, and left out.
 */
function authorSocials(value: unknown, author: string, file: string, text: string, problems: ProblemList): [string, string][] | undefined {
  if (value === undefined || value === null) return undefined;
  const links: [string, string][] = [];
  for (const [platform, raw] of Object.entries(typeof value === 'object' ? value : {})) {
    // A numeric id (Stack Overflow's) is read by YAML as a number.
    const handle = typeof raw === 'number' ? String(raw) : raw;
    const profile = SOCIAL_PROFILES[platform.toLowerCase()];
    if (typeof handle === 'string' && /^(https?|mailto):/i.test(handle)) {
      const url = allowedAuthorUrl(handle, `socials.${platform}`, author, file, text, problems);
      if (url) links.push([platform, url]);
    } else if (typeof handle === 'string' && handle && !handle.includes('/') && profile) links.push([platform.toLowerCase(), profile(handle)]);
    else
      problems.add({
        code: 'authors-invalid',
        message: `Author "${author}" socials.${platform} is ${JSON.stringify(raw)}: give a handle on a known platform (${Object.keys(SOCIAL_PROFILES).join(', ')}) or an absolute URL`,
        file,
        line: lineOfAuthorValue(text, author, String(raw)),
        severity: 'warning',
      });
  }
  if (typeof value !== 'object')
    problems.add({
      code: 'authors-invalid',
      message: `Author "${author}" socials is not a list of platforms and handles`,
      file,
      line: lineOfAuthorValue(text, author, 'socials'),
      severity: 'warning',
    });
  return links.length ? links : undefined;
}

/** An author's link or avatar from authors.yml, unless the URL policy refuses it (then a warning). */
function allowedAuthorUrl(value: unknown, field: string, author: string, file: string, text: string, problems: ProblemList): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (isAllowedUrl(value)) return value;
  problems.add({
    code: 'url-refused',
    message: refusedUrlMessage(value, `author "${author}" ${field}`),
    file,
    line: lineOfAuthorValue(text, author, value),
    severity: 'warning',
    hint: REFUSED_URL_HINT,
  });
  return undefined;
}

/**
 * The file an author's relative image names (relative to authors.yml), published with the pages.
 * Like a Markdown image, it must be a file inside the site, also once its symlinks are resolved:
 * otherwise an error at its line, and no image.
 */
function authorImageFile(image: string, field: string, author: string, file: string, text: string, root: string, problems: ProblemList): string | undefined {
  const abs = path.resolve(path.dirname(file), image);
  const where = { file, line: lineOfAuthorValue(text, author, image) };
  if (!isUnder(root, abs) || (fs.existsSync(abs) && !inSite(root, abs))) {
    problems.add({
      code: 'image-outside',
      message: `Author "${author}" ${field} "${image}" leads outside the site; nothing outside the site folder is published`,
      ...where,
      hint: 'Copy the image into the site (next to authors.yml) and point to the copy.',
    });
    return undefined;
  }
  if (!fs.statSync(abs, { throwIfNoEntry: false })?.isFile()) {
    problems.add({
      code: 'image-missing',
      message: `Author "${author}" ${field} not found: "${image}" (${path.relative(root, abs)})`,
      ...where,
      hint: 'An image path in authors.yml is relative to authors.yml; a path starting with "/" names a file in static/.',
    });
    return undefined;
  }
  return abs;
}

/** The line of authors.yml where `value` is written under `author`, else the author's own line. */
function lineOfAuthorValue(text: string, author: string, value: string): number {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`${author}:`));
  const at = lines.findIndex((l, i) => i > start && l.includes(value));
  return at >= 0 ? at + 1 : start + 1 || 1;
}

function resolveAuthors(config: SiteConfig, value: unknown, authors: Map<string, BlogAuthor>, prefix: string): BlogAuthor[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.map((entry) => {
    if (typeof entry === 'string') {
      const known = authors.get(entry);
      return known ? { ...known, href: localizePath(blogUrl(config, `authors/${known.slug ?? entry}`), prefix) } : { key: entry, name: entry };
    }
    const e = entry as Record<string, string>;
    return { key: e.key ?? kebab(e.name ?? 'author'), name: e.name ?? '', title: e.title, image: e.image_url, url: e.url };
  });
}
