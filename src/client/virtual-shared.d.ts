declare module 'docsgen/shared/types' {
  export type * from '../types.ts';
}
declare module 'docsgen/shared/paths' {
  export * from '../shared/paths.ts';
}
declare module 'docsgen/shared/page' {
  export * from '../shared/page.ts';
}
