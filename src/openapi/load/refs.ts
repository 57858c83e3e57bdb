// Checks every $ref reachable from the root document once, before anything is rendered: a
// reference to a missing file or pointer fails the build with the file and line of the $ref.
// The walk also yields the spec's file list (watch mode re-parses when one changes).
import path from 'node:path';
import type { SiteProblem } from '../../errors.ts';
import { SiteError } from '../../errors.ts';
import { escapeSegment } from './pointer.ts';
import { RefError, type SpecSource } from './source.ts';

export function checkRefs(source: SpecSource): SiteProblem[] {
  const problems: SiteProblem[] = [];
  const seen = new Set<unknown>();
  const stack: { value: unknown; file: string; pointer: string }[] = [{ value: source.root.doc, file: source.rootFile, pointer: '' }];
  while (stack.length) {
    const { value, file, pointer } = stack.pop()!;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], file, pointer: `${pointer}/${i}` });
      continue;
    }
    const ref = (value as Record<string, unknown>).$ref;
    if (typeof ref === 'string') {
      try {
        const target = source.resolve(ref, file);
        stack.push({ value: target.value, file: target.file, pointer: target.pointer });
      } catch (err) {
        if (err instanceof SiteError) {
          problems.push(err);
          continue;
        }
        if (!(err instanceof RefError)) throw err;
        problems.push({
          code: 'openapi-ref',
          message: `Unresolved $ref at ${pointer || '/'}${file === source.rootFile ? '' : ` in ${path.basename(file)}`}: ${err.message}`,
          file,
          line: source.lineOf(file, `${pointer}/$ref`),
          hint: 'A $ref is a path relative to the file that holds it, then #/json/pointer.',
        });
      }
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i];
      if (k === '$ref' || isData(k, pointer, (value as Record<string, unknown>)[k])) continue;
      stack.push({ value: (value as Record<string, unknown>)[k], file, pointer: `${pointer}/${escapeSegment(k)}` });
    }
  }
  return problems;
}

/** Examples, defaults and enums are data: a `$ref` key inside them is not a reference. */
export function isData(key: string, pointer: string, value: unknown): boolean {
  if (pointer.endsWith('/properties')) return false;
  if (key === 'example' || key === 'default' || key === 'enum' || key === 'const') return true;
  if (key === 'examples' && Array.isArray(value)) return true;
  return key === 'value' && /\/examples\/[^/]+$/.test(pointer);
}
