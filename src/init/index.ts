// `docsgen init [dir]`: writes a small working site into a folder. It never overwrites: if any of
// its files is there already, nothing is written and the files are named.
import fs from 'node:fs';
import path from 'node:path';
import { findConfigFile } from '../config/loadConfig.ts';
import { starterFiles } from './starterFiles.ts';

const LOCALE = /^[a-z]{2}(-[A-Za-z]{2,4})?$/;

export type InitResult = { ok: true; files: string[] } | { ok: false; message: string };

export function initSite(dir: string, options: { locales: string[]; date?: Date }): InitResult {
  const locales = [...new Set(options.locales)];
  const bad = locales.find((l) => !LOCALE.test(l));
  if (!locales.length || bad !== undefined) return { ok: false, message: `--locales takes language codes such as "en" or "en,ko", not "${bad ?? ''}"` };
  const date = (options.date ?? new Date()).toISOString().slice(0, 10);
  const files = starterFiles({ locales, date });
  const config = findConfigFile(dir);
  const taken = [...files.keys()].filter((rel) => fs.existsSync(path.join(dir, rel)));
  if (config && !taken.includes('site.config.ts')) taken.unshift(path.basename(config));
  if (taken.length) {
    const named = taken.length > 4 ? `${taken.slice(0, 3).join(', ')} and ${taken.length - 3} more` : taken.join(', ');
    return { ok: false, message: `${dir} has files docsgen init would replace: ${named}; nothing was written` };
  }
  for (const [rel, text] of files) {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text, { flag: 'wx' });
  }
  return { ok: true, files: [...files.keys()] };
}
