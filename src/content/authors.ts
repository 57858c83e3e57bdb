// A blog's authors: blog/authors.yml (a name, title, link, avatar, an author page's permalink and
// socials, as Docusaurus reads the file) and the authors a post's front matter names.
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type { SiteConfig } from '../types.ts';
import type { ProblemList } from '../errors.ts';
import { localizePath } from '../shared/paths.ts';
import { blogUrl } from '../shared/docUrls.ts';
import { isAllowedUrl, refusedUrlMessage, REFUSED_URL_HINT } from '../shared/urlPolicy.ts';
import { inSite, isUnder } from '../shared/safePath.ts';
import { kebab, type LocaleFile } from './sourceFiles.ts';

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

export function readAuthors(f: LocaleFile | undefined, root: string, problems: ProblemList): Map<string, BlogAuthor> {
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
    const key = platform.toLowerCase();
    const profile = Object.hasOwn(SOCIAL_PROFILES, key) ? SOCIAL_PROFILES[key] : undefined;
    if (typeof handle === 'string' && /^(https?|mailto):/i.test(handle)) {
      const url = allowedAuthorUrl(handle, `socials.${platform}`, author, file, text, problems);
      if (url) links.push([platform, url]);
    } else if (typeof handle === 'string' && handle && !handle.includes('/') && profile) links.push([key, profile(handle)]);
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

export function resolveAuthors(config: SiteConfig, value: unknown, authors: Map<string, BlogAuthor>, prefix: string): BlogAuthor[] {
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
