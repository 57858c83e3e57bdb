// Writes lib/index.d.ts, the declarations of the package's public API (src/index.ts), for a
// site's site.config.ts and sidebars.ts to type-check against. The types are written out in
// full rather than emitted file by file: the config's type is inferred from a zod schema and the
// markdown-it plugin type comes from @types/markdown-it, both development dependencies a site
// does not have, so a declaration that named them would fail the site's `tsc`. The checker
// expands each exported type; every named type it refers to is written out the same way under
// its own name, a type of a runtime dependency (react) is imported from it, and a type of a
// development dependency becomes `any`.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const F = ts.NodeBuilderFlags;
const FLAGS = F.NoTruncation | F.MultilineObjectLiterals | F.UseFullyQualifiedType | F.GenerateNamesForShadowedTypeParams | F.IgnoreErrors;

/** Returns the text of a declaration file for the exports of `entry`. */
export function publicDeclarations(root, entry) {
  const configFile = ts.findConfigFile(root, ts.sys.fileExists);
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram([path.join(root, entry)], { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const runtimeDeps = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies ?? {}));
  const printer = ts.createPrinter({ removeComments: false });
  const outFile = ts.createSourceFile('index.d.ts', '', ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const print = (node) => printer.printNode(ts.EmitHint.Unspecified, node, outFile);

  const names = new Map(); // symbol -> name in the declaration file
  const taken = new Set();
  const queue = [];
  const nameFor = (symbol, wanted = symbol.name) => {
    if (names.has(symbol)) return names.get(symbol);
    let name = wanted;
    for (let i = 2; taken.has(name); i++) name = `${wanted}${i}`;
    taken.add(name);
    names.set(symbol, name);
    queue.push(symbol);
    return name;
  };

  const packageOf = (file) => {
    const m = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file);
    return m && m[1].replace(/\\/g, '/');
  };
  const isLibFile = (file) => program.isSourceFileDefaultLibrary(program.getSourceFile(file));

  // Rewrites the references of a type node built by the checker: the package's own types by the
  // name they get here, react's from react, a development dependency's as `any`.
  const rewrite = (node) =>
    ts.visitNode(node, function visit(n) {
      let id;
      let typeArguments;
      if (ts.isTypeReferenceNode(n)) {
        id = ts.isIdentifier(n.typeName) ? n.typeName : n.typeName.right;
        typeArguments = n.typeArguments;
      } else if (ts.isImportTypeNode(n) && n.qualifier && !n.isTypeOf) {
        id = ts.isIdentifier(n.qualifier) ? n.qualifier : n.qualifier.right;
        typeArguments = n.typeArguments;
      }
      const symbol = id?.symbol;
      if (symbol) {
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        const file = target.declarations?.[0]?.getSourceFile().fileName;
        const args = typeArguments && ts.visitNodes(typeArguments, visit);
        if (target.flags & ts.SymbolFlags.TypeParameter || !file || isLibFile(file)) {
          return ts.factory.createTypeReferenceNode(target.name, args);
        }
        const pkg = packageOf(file);
        if (pkg && runtimeDeps.has(pkg.replace(/^@types\//, ''))) {
          const module = pkg.replace(/^@types\//, '');
          return ts.factory.createImportTypeNode(
            ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(module)),
            undefined,
            ts.factory.createIdentifier(target.name),
            args,
          );
        }
        if (pkg) return ts.factory.createKeywordTypeNode(ts.SyntaxKind.AnyKeyword);
        return ts.factory.createTypeReferenceNode(nameFor(target), args);
      }
      return ts.visitEachChild(n, visit, undefined);
    });

  const byType = new Map(); // an exported type -> its name, so others refer to it by name
  const typeText = (type, flags = 0) =>
    !(flags & F.InTypeAlias) && byType.has(type) ? byType.get(type) : print(rewrite(checker.typeToTypeNode(type, undefined, FLAGS | flags)));

  const typeParams = (symbol) => {
    const params = checker.getDeclaredTypeOfSymbol(symbol).aliasTypeArguments ?? checker.getDeclaredTypeOfSymbol(symbol).typeParameters ?? [];
    return params.length ? `<${params.map((p) => p.symbol.name).join(', ')}>` : '';
  };

  const docOf = (symbol) => {
    const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker));
    return doc ? `/** ${doc.replace(/\*\//g, '*\\/').replace(/\n/g, '\n * ')} */\n` : '';
  };

  // An interface's own members as an object type: its properties, index and call signatures.
  // A property's declared type is written as declared, so ReactNode stays ReactNode.
  const membersOf = (symbol) => {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const own = new Set(symbol.declarations);
    const lines = [];
    for (const info of checker.getIndexInfosOfType(type)) {
      if (info.declaration && !own.has(info.declaration.parent)) continue;
      lines.push(`[key: ${typeText(info.keyType)}]: ${typeText(info.type)};`);
    }
    for (const prop of checker.getPropertiesOfType(type)) {
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      if (!decl || !own.has(decl.parent)) continue;
      const propType = decl.type ? checker.getTypeFromTypeNode(decl.type) : checker.getTypeOfSymbolAtLocation(prop, decl);
      const optional = prop.flags & ts.SymbolFlags.Optional ? '?' : '';
      const key = /^[A-Za-z_$][\w$]*$/.test(prop.name) ? prop.name : JSON.stringify(prop.name);
      lines.push(`${docOf(prop)}${key}${optional}: ${typeText(propType)};`);
    }
    return `{\n${lines.join('\n')}\n}`;
  };

  // What an interface extends, as types to intersect with its own members.
  const heritageOf = (symbol) =>
    symbol.declarations
      .flatMap((d) => d.heritageClauses ?? [])
      .flatMap((clause) => clause.types)
      .map((t) => typeText(checker.getTypeAtLocation(t)));

  const declaration = (symbol, name, exported) => {
    const ex = exported ? 'export ' : '';
    if (symbol.flags & ts.SymbolFlags.TypeAlias) {
      return `${docOf(symbol)}${ex}type ${name}${typeParams(symbol)} = ${typeText(checker.getDeclaredTypeOfSymbol(symbol), F.InTypeAlias)};`;
    }
    if (symbol.flags & ts.SymbolFlags.Interface) {
      const bases = heritageOf(symbol);
      if (bases.length) return `${docOf(symbol)}${ex}type ${name}${typeParams(symbol)} = ${[...bases, membersOf(symbol)].join(' & ')};`;
      return `${docOf(symbol)}${ex}interface ${name}${typeParams(symbol)} ${membersOf(symbol)}`;
    }
    if (symbol.flags & ts.SymbolFlags.Function) {
      const type = checker.getTypeOfSymbol(symbol);
      return checker
        .getSignaturesOfType(type, ts.SignatureKind.Call)
        .map((sig) => {
          const params = sig.parameters.map((p) => `${p.name}: ${typeText(checker.getTypeOfSymbol(p))}`).join(', ');
          return `${docOf(symbol)}${ex}declare function ${name}(${params}): ${typeText(checker.getReturnTypeOfSignature(sig))};`;
        })
        .join('\n');
    }
    throw new Error(`build-types: cannot declare ${symbol.name} (flags ${symbol.flags})`);
  };

  const entryFile = program.getSourceFile(path.join(root, entry));
  const exported = new Map();
  for (const s of checker.getExportsOfModule(checker.getSymbolAtLocation(entryFile))) {
    const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
    taken.add(s.name);
    names.set(target, s.name);
    exported.set(target, s.name);
    if (target.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface)) byType.set(checker.getDeclaredTypeOfSymbol(target), s.name);
  }
  const parts = [];
  for (const [symbol, name] of exported) parts.push(declaration(symbol, name, true));
  // Named types the exports refer to, written after them (and each may bring more).
  for (let i = 0; i < queue.length; i++) parts.push(declaration(queue[i], names.get(queue[i]), false));
  // The entry's global declarations (the theme's bundle-time constants) as they are written:
  // a site's templates that use them compile once they import anything from the entry.
  for (const stmt of entryFile.statements)
    if (ts.isModuleDeclaration(stmt) && stmt.flags & ts.NodeFlags.GlobalAugmentation) parts.push(stmt.getFullText(entryFile).trim());
  const head = `// The declarations of docsgen's public API, generated by scripts/build-types.mjs.\n`;
  return `${head}${parts.join('\n\n')}\nexport {};\n`;
}

/** Writes the declarations to `out`, formatted for a reader, and checks that they compile on their own. */
export async function writeDeclarations(root, entry, out) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(path.join(root, entry))) ?? {};
  fs.writeFileSync(out, await prettier.format(publicDeclarations(root, entry), { ...options, parser: 'typescript' }));
  const program = ts.createProgram([out], { strict: true, noEmit: true, types: [], lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'] });
  const problems = ts.getPreEmitDiagnostics(program);
  if (problems.length) {
    throw new Error(
      `build-types: ${out} does not compile:\n${ts.formatDiagnostics(problems, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' })}`,
    );
  }
}
