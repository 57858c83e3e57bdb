// Tag labels per locale: docs/tags.yml and blog/tags.yml map a tag (as written in front matter) to
// the label shown in that locale, so Korean pages can show "요금" for the tag `pricing` while the
// tag keeps one URL (/ko/docs/tags/pricing) in every locale. Same format as Docusaurus's tags.yml.
import fs from 'node:fs';
import yaml from 'js-yaml';
import type { ProblemList } from '../errors.ts';
import { kebab, type LocaleFile } from './sourceFiles.ts';

export interface TagLabels {
  /** The slug and label of a tag as written in front matter. */
  resolve(tag: string): { slug: string; label: string; description?: string };
}

export function readTagLabels(file: LocaleFile | undefined, problems: ProblemList): TagLabels {
  const labels = new Map<string, { label?: string; description?: string }>();
  if (file) {
    const text = fs.readFileSync(file.file, 'utf8');
    try {
      const data = (yaml.load(text) ?? {}) as Record<string, { label?: string; description?: string } | null>;
      for (const [key, value] of Object.entries(data)) labels.set(kebab(key), value ?? {});
    } catch (err) {
      const e = err as { mark?: { line: number }; reason?: string; message: string };
      problems.add({ code: 'tags-invalid', message: `Invalid tags file: ${e.reason ?? e.message}`, file: file.file, line: (e.mark?.line ?? 0) + 1 });
    }
  }
  return {
    resolve(tag) {
      const slug = kebab(tag);
      const entry = labels.get(slug);
      return { slug, label: entry?.label ?? tag, description: entry?.description };
    },
  };
}
