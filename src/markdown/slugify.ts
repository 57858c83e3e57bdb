// Heading ids as Docusaurus (and GitHub) make them: github-slugger over the heading's text, made
// unique in the page by "-1", "-2"... Letters of every script are kept, so Korean ids stay readable
// ("재고 조정하기" -> "재고-조정하기"); punctuation is dropped and each space becomes a "-"
// ("Create a BOM (v2)" -> "create-a-bom-v2", "`--list-different`" -> "--list-different").
import GithubSlugger, { slug } from 'github-slugger';

/** The slug of one text, not made unique (an anchor of its own, not one heading among others). */
export function slugify(text: string): string {
  return slug(text.normalize('NFC'));
}

/** A page's heading ids: each call gives the text's slug, with "-n" when the page already has it. */
export function headingSlugger(): (text: string) => string {
  const slugger = new GithubSlugger();
  return (text) => slugger.slug(text.normalize('NFC'));
}
