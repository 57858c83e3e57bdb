// Turns text into search terms, the same way when the build indexes a page and when the browser
// reads a query (so this module is shared by both). Latin and other alphabetic words become
// lowercase terms (camelCase identifiers also as their parts). Korean needs more: a space-separated
// word (eojeol) carries particles and endings ('재고를', '재고가'), and compounds are often written
// without spaces ('현재고', '재주문점'). So a Hangul word is indexed as its stem (particle or
// ending removed) and, from three syllables on, as its syllable bigrams; a query is read the same
// way. CJK ideographs and kana become bigrams.

const HANGUL = /[\uac00-\ud7a3]/;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
/** Runs of one script class: Hangul syllables, CJK (ideographs and kana), or other letters and digits ('Shopify로' is two runs). */
const RUNS =
  /[\uac00-\ud7a3]+|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|(?:(?![\uac00-\ud7a3\u1100-\u11ff\u3131-\u318e\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])[\p{L}\p{N}\p{M}])+/gu;
/** In a query, a Hangul word may end in a bare consonant or vowel while the IME composes ('재ㄱ'; NFKC makes it a conjoining jamo). */
const QUERY_RUNS =
  /[\uac00-\ud7a3][\uac00-\ud7a3\u1100-\u11ff\u3131-\u318e]*|[\u1100-\u11ff\u3131-\u318e]+|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|(?:(?![\uac00-\ud7a3\u1100-\u11ff\u3131-\u318e\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])[\p{L}\p{N}\p{M}])+/gu;
const CAMEL = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;

/**
 * Particles and verb endings removed from the end of a Hangul word, longest first, at most twice
 * ('주문에만' -> '주문에' -> '주문'). Only removed when at least two syllables remain (one when the
 * suffix has two or more), so '재고를' -> '재고' while '국가' and '나이' stay whole.
 */
const SUFFIXES = [
  '으로부터',
  '에서부터',
  '되었습니다',
  '했습니다',
  '하십시오',
  '합니다만',
  '으로는',
  '으로도',
  '에서는',
  '에서도',
  '에게서',
  '이라는',
  '이라고',
  '까지는',
  '부터는',
  '입니다',
  '합니다',
  '하세요',
  '하려면',
  '됩니다',
  '하므로',
  '하거나',
  '했으며',
  '하지만',
  '이므로',
  '으로',
  '에서',
  '에게',
  '께서',
  '까지',
  '부터',
  '보다',
  '처럼',
  '마다',
  '이나',
  '이면',
  '에는',
  '에도',
  '에만',
  '와의',
  '과의',
  '로는',
  '로도',
  '하고',
  '하는',
  '하여',
  '해야',
  '하면',
  '하기',
  '해서',
  '하지',
  '하며',
  '되는',
  '되어',
  '이며',
  '이다',
  '이고',
  '라는',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '에',
  '의',
  '로',
  '와',
  '과',
  '도',
  '만',
  '나',
  '된',
  '할',
  '한',
];
const SUFFIX_SET = new Set(SUFFIXES);
/** Suffixes by their last syllable, longest first: a word is only compared with a few. */
const SUFFIXES_BY_LAST: ReadonlyMap<string, readonly string[]> = new Map(
  SUFFIXES.map((suffix) => suffix.slice(-1)).map((last) => [last, SUFFIXES.filter((s) => s.endsWith(last))]),
);

export function isHangul(text: string): boolean {
  return HANGUL.test(text);
}

function stripOnce(word: string): string {
  for (const s of SUFFIXES_BY_LAST.get(word.slice(-1)) ?? []) {
    if (word.length > s.length && word.endsWith(s)) {
      const rest = word.length - s.length;
      if (rest >= 2 || (rest >= 1 && s.length >= 2)) return word.slice(0, rest);
    }
  }
  return word;
}

/** A Hangul word without its particles or ending ('재고를' -> '재고'); the word itself when none. */
export function hangulStem(word: string): string {
  const once = stripOnce(word);
  return once === word ? word : stripOnce(once);
}

export function bigrams(run: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 2 <= run.length; i++) out.push(run.slice(i, i + 2));
  return out;
}

/**
 * English plurals folded to the singular on both sides ('orders' finds 'order', like the hosted
 * index's ignorePlurals). Deliberately light: only the regular endings, never short words.
 */
export function singular(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return word.slice(0, -3) + 'y';
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is|ous)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Splits an identifier at case changes: 'salesOrderID' -> sales, Order, ID. */
function camelParts(word: string): string[] {
  return word
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(' ');
}

/** A word of a text, with where it starts (for highlighting) and the terms it is indexed as. */
export interface TextRun {
  text: string;
  start: number;
  kind: 'hangul' | 'cjk' | 'other';
  /** A particle glued to a Latin word ('API를'): not a word of its own. */
  particle: boolean;
}

function runKind(run: string): TextRun['kind'] {
  return HANGUL.test(run[0]) || /^[\u1100-\u11ff\u3131-\u318e]/.test(run) ? 'hangul' : CJK.test(run[0]) ? 'cjk' : 'other';
}

export function textRuns(text: string, pattern: RegExp = RUNS): TextRun[] {
  const runs: TextRun[] = [];
  let prevOther = false;
  let prevEnd = -1;
  for (const m of text.matchAll(pattern)) {
    const run = m[0];
    const kind = runKind(run);
    const particle = kind === 'hangul' && prevOther && prevEnd === m.index && SUFFIX_SET.has(run);
    runs.push({ text: run, start: m.index, kind, particle });
    prevOther = kind === 'other';
    prevEnd = m.index + run.length;
  }
  return runs;
}

/** The terms one run is indexed as. */
export function runTerms(run: TextRun): string[] {
  if (run.particle) return [];
  if (run.kind === 'hangul') {
    // The stem stands for every inflected form (queries are stemmed the same way, and prefix
    // search covers a stem cut short); bigrams find a word inside a compound.
    const stem = hangulStem(run.text);
    return stem.length >= 3 ? [stem, ...bigrams(stem)] : [stem];
  }
  if (run.kind === 'cjk') return run.text.length === 1 ? [run.text] : bigrams(run.text);
  const lower = singular(run.text.toLowerCase());
  const terms = lower.length > 1 || /\d/.test(lower) ? [lower] : [];
  if (run.text !== run.text.toLowerCase() && CAMEL.test(run.text))
    for (const p of camelParts(run.text)) if (p.length > 1) terms.push(singular(p.toLowerCase()));
  return terms;
}

/**
 * Index keys of a text (terms as termKey stores them), with repeats: the index counts term
 * frequency. The build asks this of every section of every page; the same words recur all
 * through a site, so the index builder passes `wordKeys`, its own memo of each word's keys (gone
 * with the builder), and the runs are read as textRuns reads them without making a TextRun each.
 */
export function indexKeys(text: string, wordKeys?: Map<string, string[]>): string[] {
  const keys: string[] = [];
  const normalized = text.normalize('NFKC');
  let prevOther = false;
  let prevEnd = -1;
  RUNS.lastIndex = 0;
  for (let m = RUNS.exec(normalized); m; m = RUNS.exec(normalized)) {
    const word = m[0];
    const kind = runKind(word);
    const particle = kind === 'hangul' && prevOther && prevEnd === m.index && SUFFIX_SET.has(word);
    prevOther = kind === 'other';
    prevEnd = m.index + word.length;
    if (particle) continue;
    let cached = wordKeys?.get(word);
    if (!cached) {
      const t = runTerms({ text: word, start: 0, kind, particle: false });
      // A camelCase identifier is indexed here as its parts; the whole identifier goes to a field
      // of its own (identifierTerms), so that a prefix of its first part does not count twice.
      cached = (t.length > 1 && kind === 'other' ? t.slice(1) : t).map(termKey);
      if (wordKeys) {
        if (wordKeys.size > 50000) wordKeys.clear();
        wordKeys.set(word, cached);
      }
    }
    for (const key of cached) keys.push(key);
  }
  return keys;
}

/** Whole camelCase identifiers of a text ('PurchaseOrderLine' -> purchaseorderline). */
export function identifierTerms(text: string): string[] {
  const terms: string[] = [];
  for (const run of textRuns(text.normalize('NFKC'))) {
    if (run.kind !== 'other') continue;
    const t = runTerms(run);
    if (t.length > 1) terms.push(t[0]);
  }
  return terms;
}

/** One word of a query, read for searching. */
export interface QueryWord {
  /** What was typed, lowercased ('재고를', 'purch'). */
  text: string;
  /** The term to look up: the Hangul stem, or the lowercase word. */
  term: string;
  kind: TextRun['kind'];
  /** A Korean compound typed without spaces, as the words it is usually made of ('구매주문' -> 구매, 주문). */
  parts: string[];
}

export function queryWords(query: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const run of textRuns(query.normalize('NFKC'), QUERY_RUNS)) {
    if (run.particle) continue;
    if (run.kind === 'hangul') {
      const stem = hangulStem(run.text);
      words.push({ text: run.text, term: stem, kind: 'hangul', parts: compoundParts(stem) });
    } else if (run.kind === 'cjk') {
      words.push({ text: run.text, term: run.text, kind: 'cjk', parts: run.text.length > 2 ? bigrams(run.text) : [] });
    } else {
      const lower = run.text.toLowerCase();
      words.push({ text: lower, term: singular(lower), kind: 'other', parts: [] });
    }
  }
  return words;
}

/** Non-overlapping syllable pairs (the last one overlapping on odd lengths): Sino-Korean words are mostly two syllables. */
function compoundParts(stem: string): string[] {
  if (stem.length < 3 || /[\u1100-\u11ff\u3131-\u318e]/.test(stem)) return [];
  const parts: string[] = [];
  for (let i = 0; i + 2 <= stem.length; i += 2) parts.push(stem.slice(i, i + 2));
  if (stem.length % 2 === 1) parts.push(stem.slice(-2));
  return parts;
}

// ---------------------------------------------------------------- keys in the search tree

// Hangul terms are stored decomposed into jamo (NFD): the search tree then branches on 19
// initial consonants instead of thousands of syllables (MiniSearch scans a node's children
// linearly), and a syllable still being composed by the IME can be matched as a prefix.

/** Compatibility jamo (what the IME shows for a lone consonant) -> initial consonant (choseong). */
const COMPAT_TO_INITIAL: Record<string, string> = {};
'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ'.split('').forEach((c, i) => (COMPAT_TO_INITIAL[c] = String.fromCharCode(0x1100 + i)));
/** Final consonant (jongseong) -> the same consonant as the next syllable's initial. */
const FINAL_TO_INITIAL: Record<string, string> = {};
[
  ['\u11a8', 0],
  ['\u11a9', 1],
  ['\u11ab', 2],
  ['\u11ae', 3],
  ['\u11af', 5],
  ['\u11b7', 6],
  ['\u11b8', 7],
  ['\u11ba', 9],
  ['\u11bb', 10],
  ['\u11bc', 11],
  ['\u11bd', 12],
  ['\u11be', 14],
  ['\u11bf', 15],
  ['\u11c0', 16],
  ['\u11c1', 17],
  ['\u11c2', 18],
].forEach(([f, i]) => (FINAL_TO_INITIAL[f as string] = String.fromCharCode(0x1100 + (i as number))));

/** The key of a term in the search tree. */
export function termKey(term: string): string {
  return isHangul(term) ? term.normalize('NFD') : term;
}

/** The term of a key (for highlighting what matched). */
export function keyTerm(key: string): string {
  return /[\u1100-\u11ff]/.test(key) ? key.normalize('NFC') : key;
}

/**
 * Prefix keys for a query word typed last, while the IME may still be composing it: '재ㄱ' also
 * as '재' + initial ㄱ, and '잭' (the final ㄱ may become the next syllable's initial) also as '재' + ㄱ.
 */
export function prefixKeys(term: string): string[] {
  if (!/[\uac00-\ud7a3\u1100-\u11ff\u3131-\u318e]/.test(term)) return [term];
  const last = term.slice(-1);
  const head = term.slice(0, -1);
  const initial = COMPAT_TO_INITIAL[last] ?? (last >= '\u1100' && last <= '\u1112' ? last : undefined);
  if (initial) return head && !/[\u1100-\u11ff\u3131-\u318e]/.test(head) ? [head.normalize('NFD') + initial] : [];
  if (/[\u1100-\u11ff\u3131-\u318e]/.test(term)) return [];
  const keys = [term.normalize('NFD')];
  const jamo = last.normalize('NFD');
  const final = jamo.length === 3 ? FINAL_TO_INITIAL[jamo[2]] : undefined;
  if (final) keys.push((head + jamo.slice(0, 2)).normalize('NFD') + final);
  return keys;
}
