// What the import and export statements of an MDX file declare, read from the ESTree MDX attaches.
import type { Root } from 'mdast';
import type { ModuleDeclaration, Program, Statement, Directive, Expression, Pattern } from 'estree';

type EsmStatement = Statement | ModuleDeclaration | Directive;

export function esmStatements(tree: Root): EsmStatement[] {
  const out: EsmStatement[] = [];
  for (const node of tree.children) {
    if (node.type === 'mdxjsEsm') out.push(...((node.data?.estree as Program | undefined)?.body ?? []));
  }
  return out;
}

/** Local names of what the file imports from `source`. */
export function esmImports(tree: Root, source: string): string[] {
  return esmStatements(tree).flatMap((s) => (s.type === 'ImportDeclaration' && s.source.value === source ? s.specifiers.map((sp) => sp.local.name) : []));
}

/** Every name the file's imports and exports declare. */
export function esmNames(tree: Root): Set<string> {
  const names = new Set<string>();
  for (const s of esmStatements(tree)) {
    if (s.type === 'ImportDeclaration') for (const sp of s.specifiers) names.add(sp.local.name);
    const decl = s.type === 'ExportNamedDeclaration' ? s.declaration : undefined;
    if (decl?.type === 'FunctionDeclaration' || decl?.type === 'ClassDeclaration') {
      if (decl.id) names.add(decl.id.name);
    } else if (decl?.type === 'VariableDeclaration') for (const d of decl.declarations) patternNames(d.id, names);
  }
  return names;
}

function patternNames(p: Pattern, names: Set<string>): void {
  if (p.type === 'Identifier') names.add(p.name);
  else if (p.type === 'ObjectPattern') {
    for (const prop of p.properties) patternNames(prop.type === 'RestElement' ? prop.argument : prop.value, names);
  } else if (p.type === 'ArrayPattern') {
    for (const el of p.elements) if (el) patternNames(el, names);
  } else if (p.type === 'RestElement') patternNames(p.argument, names);
  else if (p.type === 'AssignmentPattern') patternNames(p.left, names);
}

/** A value that is data only (a string, number, array or object of such): it runs nothing in the browser. */
export function isData(expr: Expression | null | undefined): boolean {
  if (!expr) return true;
  if (expr.type === 'Literal') return true;
  if (expr.type === 'TemplateLiteral') return expr.expressions.length === 0;
  if (expr.type === 'ArrayExpression') return expr.elements.every((e) => e === null || (e.type !== 'SpreadElement' && isData(e)));
  if (expr.type === 'ObjectExpression')
    return expr.properties.every((p) => p.type === 'Property' && !p.computed && !p.method && p.kind === 'init' && isData(p.value as Expression));
  if (expr.type === 'UnaryExpression') return isData(expr.argument);
  return false;
}
