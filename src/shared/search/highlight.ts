// Highlighting and snippets for local search hits, in the shape Algolia returns them: HTML-escaped
// text where only <mark>...</mark> is markup. Which words to mark comes from the query words and
// the index terms each of them matched (an exact word, a word it is the prefix of, a word one
// typo away, a Korean stem or syllable pair).
import { escapeHtml } from '../html.ts';
import { runTerms, textRuns, type QueryWord } from './tokenize.ts';

/** A query word with the index terms it matched in the results. */
export interface MatchedWord {
  word: QueryWord;
  /** Index terms (composed, not keys) this word matched. */
  terms: Set<string>;
}

export interface Highlighted {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

type Span = [number, number];

/** Where the query words occur in a text: character spans, and which words were found. */
export function findMatches(text: string, words: MatchedWord[]): { spans: Span[]; found: Set<number> } {
  const spans: Span[] = [];
  const found = new Set<number>();
  if (!words.length) return { spans, found };
  for (const run of textRuns(text)) {
    if (run.particle) continue;
    const terms = runTerms(run);
    if (!terms.length) continue;
    words.forEach((mw, i) => {
      const span = matchRun(run.text, run.kind, terms, mw);
      if (span) {
        found.add(i);
        for (const s of span) spans.push([run.start + s[0], run.start + s[1]]);
      }
    });
  }
  return { spans: merge(spans), found };
}

function matchRun(text: string, kind: string, terms: string[], { word, terms: matched }: MatchedWord): Span[] | null {
  if (!terms.some((t) => matched.has(t) || t === word.term)) return null;
  if (kind === 'hangul') {
    // What was typed ('재고를'), else its stem ('재고'), else the parts of a compound or what a
    // prefix expanded to.
    for (const part of [word.text, word.term]) {
      const at = text.indexOf(part);
      if (at >= 0) return [[at, at + part.length]];
    }
    const spans: Span[] = [];
    for (const part of [...word.parts, ...[...matched].filter((m) => m.length >= 2)]) {
      const at = text.indexOf(part);
      if (at >= 0) spans.push([at, at + part.length]);
    }
    return spans.length ? merge(spans) : [[0, text.length]];
  }
  if (kind === 'cjk') {
    const spans: Span[] = [];
    for (const part of [word.term, ...word.parts]) {
      const at = text.indexOf(part);
      if (at >= 0) spans.push([at, at + part.length]);
    }
    return spans.length ? merge(spans) : [[0, text.length]];
  }
  // Latin and other words: the whole word, else a camelCase part. A word matched as a longer word
  // starting with the query gets only what was typed marked, as Algolia does ('<mark>purch</mark>ase').
  const lower = text.toLowerCase();
  for (const t of terms) {
    if (t !== word.term && !matched.has(t)) continue;
    const prefixOnly = t !== word.term && t.startsWith(word.term) && !word.text.startsWith(t);
    const at = t === terms[0] ? 0 : lower.indexOf(t);
    if (at < 0) continue;
    const end = t === terms[0] ? text.length : at + t.length;
    return [[at, prefixOnly ? at + Math.min(word.text.length, end - at) : end]];
  }
  return null;
}

function merge(spans: Span[]): Span[] {
  if (spans.length < 2) return spans;
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Span[] = [spans[0]];
  for (const s of spans.slice(1)) {
    const last = out[out.length - 1];
    if (s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push(s);
  }
  return out;
}

function markup(text: string, spans: Span[], from = 0, to = text.length): string {
  let out = '';
  let at = from;
  for (const [s, e] of spans) {
    if (e <= from || s >= to) continue;
    const a = Math.max(s, from);
    const b = Math.min(e, to);
    out += escapeHtml(text.slice(at, a)) + '<mark>' + escapeHtml(text.slice(a, b)) + '</mark>';
    at = b;
  }
  return out + escapeHtml(text.slice(at, to));
}

function level(found: Set<number>, words: MatchedWord[]): Highlighted['matchLevel'] {
  return found.size === 0 ? 'none' : found.size === words.length ? 'full' : 'partial';
}

/** Where the words occur in a text (computed once, then rendered as highlight and snippet). */
export type Matches = ReturnType<typeof findMatches>;

/** The whole text, escaped, with the matched words marked (Algolia's _highlightResult entry). */
export function highlight(text: string, words: MatchedWord[], matches: Matches = findMatches(text, words)): Highlighted {
  const { spans, found } = matches;
  return { value: markup(text, spans), matchLevel: level(found, words), matchedWords: [...found].map((i) => words[i].word.text) };
}

/**
 * At most `size` words of the text around the best cluster of matches, with '…' where it was cut
 * (Algolia's _snippetResult entry). Words are whitespace-separated, so a Korean eojeol is one word.
 */
export function snippet(text: string, words: MatchedWord[], size: number, matches: Matches = findMatches(text, words)): Highlighted {
  const { spans, found } = matches;
  const result = { matchLevel: level(found, words), matchedWords: [...found].map((i) => words[i].word.text) };
  const tokens = [...text.matchAll(/\S+/g)].map((m) => [m.index, m.index + m[0].length] as Span);
  if (tokens.length <= size) return { value: markup(text, spans), ...result };
  const marked = tokens.map(([s, e]) => spans.some(([a, b]) => a < e && b > s));
  // The window with the most marked words; among equals the earliest, with one word of context before.
  let best = 0;
  let bestCount = -1;
  let count = 0;
  for (let i = 0; i < tokens.length; i++) {
    count += marked[i] ? 1 : 0;
    if (i >= size) count -= marked[i - size] ? 1 : 0;
    if (i >= size - 1 && count > bestCount) {
      bestCount = count;
      best = i - size + 1;
    }
  }
  if (best > 0 && marked[best]) best -= 1;
  const start = tokens[best][0];
  const end = tokens[Math.min(best + size, tokens.length) - 1][1];
  const value = (best > 0 ? '…' : '') + markup(text, spans, start, end) + (best + size < tokens.length ? '…' : '');
  return { value, ...result };
}
