// The text an .mdx file is compiled from: the file with its front matter blanked (every line keeps
// its number, so MDX's positions are the file's), and the Docusaurus habits that MDX itself does
// not parse rewritten in place: "## Title {#id}" (a brace starts an expression in MDX),
// ":::note Title" (remark-directive wants ":::note[Title]") and HTML comments, which MDX refuses
// ("<!-- truncate -->" included) and Docusaurus drops: they become {/* */} comments.
import matter from 'gray-matter';

export interface MdxSource {
  /** The file's text to compile, line for line. */
  text: string;
  /** The front matter gives a title: the body's leading "# " heading stays in the page. */
  hasTitle: boolean;
  /** The front matter says `draft: true`. */
  draft: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING_ID = /^(#{1,6}\s.*?)\s*\{(#[\w\p{L}-]+)\}\s*$/u;
const DIRECTIVE_TITLE = /^(\s*:{3,}[a-z][\w-]*)[ \t]+([^[{\s].*?)\s*$/i;

export function mdxSource(fileText: string): MdxSource {
  let front = '';
  let hasTitle = false;
  let draft = false;
  try {
    const parsed = matter(fileText, {});
    front = fileText.slice(0, fileText.length - parsed.content.length);
    const title = (parsed.data as { title?: unknown }).title;
    hasTitle = title !== undefined && title !== null && String(title) !== '';
    draft = (parsed.data as { draft?: unknown }).draft === true;
  } catch {
    // Invalid front matter is reported where the content is collected; compile the rest.
    const m = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/.exec(fileText);
    front = m?.[0] ?? '';
  }
  const lines = (front.replace(/[^\n]/g, '') + fileText.slice(front.length)).split('\n');
  let fence: string | undefined;
  const comment = { open: false };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const open = FENCE.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && !line.slice(open[0].length).trim()) fence = undefined;
      continue;
    }
    if (open && !comment.open) {
      fence = open[1];
      continue;
    }
    const startsInComment = comment.open;
    if (startsInComment || line.includes('<!--')) lines[i] = htmlCommentsAsMdx(line, comment);
    if (startsInComment) continue;
    const heading = HEADING_ID.exec(lines[i]);
    if (heading) {
      lines[i] = `${heading[1]} \\{${heading[2]}}`;
      continue;
    }
    const directive = DIRECTIVE_TITLE.exec(lines[i]);
    if (directive) lines[i] = `${directive[1]}[${directive[2]}]`;
  }
  return { text: lines.join('\n'), hasTitle, draft };
}

/**
 * A line with its HTML comments written as MDX comments (`<!-- x -->` becomes an empty `{/* x *\/}`), as
 * Docusaurus drops them; `comment.open` carries a comment that runs on to the next lines. Inline
 * code and escaped characters are left as they are.
 */
function htmlCommentsAsMdx(line: string, comment: { open: boolean }): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (comment.open) {
      const end = line.indexOf('-->', i);
      const text = line.slice(i, end < 0 ? line.length : end).replace(/\*\//g, '* /');
      if (end < 0) return out + text;
      out += `${text}*/}`;
      i = end + 3;
      comment.open = false;
      continue;
    }
    if (line[i] === '`') {
      const run = /^`+/.exec(line.slice(i))![0];
      const close = line.indexOf(run, i + run.length);
      const to = close < 0 ? i + run.length : close + run.length;
      out += line.slice(i, to);
      i = to;
    } else if (line[i] === '\\') {
      out += line.slice(i, i + 2);
      i += 2;
    } else if (line.startsWith('<!--', i)) {
      out += '{/*';
      i += 4;
      comment.open = true;
    } else out += line[i++];
  }
  return out;
}

/**
 * An MDX body as Markdown for readers of the page's .md copy: without its import and export
 * blocks (each runs to a blank line, as MDX reads them) and its {/* comment *\/} lines; JSX stays.
 */
export function mdxAsMarkdown(body: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  let esm = false;
  for (const line of body.split('\n')) {
    const open = FENCE.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && !line.slice(open[0].length).trim()) fence = undefined;
      out.push(line);
      continue;
    }
    if (esm) {
      if (!line.trim()) esm = false;
      continue;
    }
    if (/^(import|export)\s/.test(line)) {
      esm = true;
      continue;
    }
    if (/^\s*\{\/\*.*\*\/\}\s*$/.test(line)) continue;
    if (open) fence = open[1];
    out.push(line);
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}
