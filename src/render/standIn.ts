// The module an MDX page gets in place of one that is not there (a package not installed, a
// Docusaurus theme module docsgen lacks).
/**
 * What an MDX page gets for a module that is not there: CommonJS, so that any name imported from
 * it exists, each a component that renders nothing. The bundle copies a CommonJS module's own
 * names onto an object whose prototype is the module's: the names it cannot know are answered by
 * that prototype.
 */
export const STAND_IN = [
  'const none = () => null;',
  'const anyName = new Proxy({}, { get: (_, key) => (key === "__esModule" || typeof key === "symbol" ? undefined : none) });',
  'module.exports = new Proxy(none, { get: (_, key) => (key === "__esModule" ? false : none), getPrototypeOf: () => anyName });',
  '',
].join('\n');
