// The API's own guide: the spec's info.description split at its second-level headings, each
// section a page of its own (Authentication, Pagination, Errors...), so that the API landing page
// is an index. A section's id is its heading's {#id}, else the slug of its text: a translated
// description keeps the ids of the original ("## 인증 {#authentication}").
import { slugify } from '../../markdown/slugify.ts';
import type { ApiModel } from './model.ts';

export interface GuideSection {
  id: string;
  title: string;
  /** The section's Markdown, without its heading. */
  text: string;
  /** Lines of the description before the section's first line of text. */
  lineOffset: number;
}

export interface Guide {
  /** What comes before the first section. */
  intro: string;
  sections: GuideSection[];
}

const HEADING = /^##[ \t]+(.+?)(?:[ \t]+\{#([^}\s]+)\})?[ \t]*#*[ \t]*$/;

export function splitGuide(description: string | undefined): Guide {
  const lines = (description ?? '').split('\n');
  const intro: string[] = [];
  const sections: { id: string; title: string; lines: string[]; lineOffset: number }[] = [];
  let fence = '';
  lines.forEach((line, i) => {
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length) fence = '';
    } else if (open) fence = open[1];
    else {
      const h = HEADING.exec(line);
      if (h) {
        const title = h[1].replace(/[*_`]/g, '').trim();
        sections.push({ id: h[2] ?? slugify(title), title, lines: [], lineOffset: i + 1 });
        return;
      }
    }
    (sections.length ? sections[sections.length - 1].lines : intro).push(line);
  });
  // Two sections of the same title (a "Headers" under Request and one under Response) are two
  // pages: the second's id takes the first number free.
  const ids = new Set<string>();
  for (const s of sections) {
    const base = s.id;
    for (let n = 2; ids.has(s.id); n++) s.id = `${base}-${n}`;
    ids.add(s.id);
  }
  return {
    intro: intro.join('\n').trim(),
    sections: sections.map((s) => ({ id: s.id, title: s.title, text: s.lines.join('\n').trim(), lineOffset: s.lineOffset + leadingBlank(s.lines) })),
  };
}

function leadingBlank(lines: string[]): number {
  let n = 0;
  while (n < lines.length && !lines[n].trim()) n++;
  return n;
}

/** A page of the guide: a section of the description, or one made for what the spec shares. */
export interface GuidePage {
  id: string;
  /** Set on a section of the description: where it starts. */
  section?: boolean;
  /** What the page also shows: the security schemes, the shared responses, the common schemas and headers. */
  role?: 'auth' | 'errors' | 'schemas';
}

/**
 * The guide's pages, from the default locale's model: its sections, the security schemes on the
 * Authentication section (a page of their own without one), the shared responses on the Errors
 * section (likewise), and the schemas those use with the shared headers on a page of their own.
 */
export function guidePages(model: ApiModel): GuidePage[] {
  const info = model.info.value;
  const { sections } = splitGuide(typeof info.description === 'string' ? info.description : undefined);
  const pages: GuidePage[] = sections.map((s) => ({ id: s.id, section: true }));
  const host = (id: string, title: RegExp, role: GuidePage['role']) => {
    const page = pages.find((p) => p.id === id && !p.role) ?? pages.find((p, i) => !p.role && p.section && title.test(sections[i].title));
    if (page) page.role = role;
    else pages.push({ id: pages.some((p) => p.id === id) ? `${id}-${role}` : id, role });
  };
  if (model.securitySchemes.size) host('authentication', /auth/i, 'auth');
  const responses = model.components.get('responses')?.size ?? 0;
  if (responses) host('errors', /error/i, 'errors');
  if (responses || model.components.get('headers')?.size)
    pages.push({ id: pages.some((p) => p.id === 'common-schemas') ? 'common-schemas-2' : 'common-schemas', role: 'schemas' });
  return pages;
}

/** A guide page as a locale shows it. */
export interface GuideEntry {
  id: string;
  path: string;
  title: string;
  description: string;
  section?: GuideSection;
}
