// Internal functions exposed for unit tests (lib/internals.js). Not a public API.
export { slugify } from './markdown/slugify.ts';
export { parseFenceInfo, splitHighlightedLines, highlight } from './markdown/plugins/codeBlocks.ts';
export { containerTitle } from './markdown/plugins/containers.ts';
export { renderMarkdown } from './markdown/renderMarkdown.ts';
export { validateConfig, lineOfKeyPath } from './config/loadConfig.ts';
export { toClientSiteData } from './config/clientSiteData.ts';
export { parseMarkdownSource } from './content/frontMatter.ts';
export { docPath } from './content/docs.ts';
export { readingMinutes } from './content/blog.ts';
export { openPath } from './render/pageData.ts';
export { extractRecords } from './search/records.ts';
export { pageDataPath, toRoutePath, localizePath, withBase, routeToFile } from './shared/paths.ts';
export { jsonForScript, escapeHtml } from './shared/html.ts';
export { getStrings } from './shared/i18n/index.ts';
export { ProblemList, formatProblem } from './errors.ts';
