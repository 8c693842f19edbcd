import ts from 'typescript';

/**
 * Removes a flag from TypeScript or JavaScript source by rewriting its syntax tree as if the flag were always on (or
 * always off): `isEnabled('x')` and `useFlag('x')` become the constant, and what depends on the constant folds away:
 * `!`, `&&`, `||`, `? :`, `if`/`else`, JSX `{on && <A/>}`, and `const on = useFlag('x')` variables. Text outside the
 * rewritten nodes is kept byte for byte, so the patch shows only what changed.
 */
export type Keep = 'on' | 'off';

/** A place the rewrite left alone: a variant lookup (its value is no boolean) or a flag read it could not follow. */
export type Remaining = { line: number; column: number; reason: string };

export type Rewrite = { text: string; changed: boolean; remaining: Remaining[] };

const booleanMethods = new Set(['isEnabled', 'useFlag']);
const variantMethods = new Set(['getVariant', 'useVariant']);
const reactHooks = new Set(['useFlag', 'useVariant']);

export function removeFlagFromSource(source: string, fileName: string, flag: string, keep: Keep): Rewrite {
  const kind = /\.[cm]?jsx?$/i.test(fileName) ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const constant = keep === 'on';
  const remaining: Remaining[] = [];
  const at = (node: ts.Node) => {
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
    return { line: line + 1, column: character + 1 };
  };

  const methodOf = (call: ts.CallExpression): string | undefined => {
    const callee = call.expression;
    if (ts.isIdentifier(callee)) return callee.text;
    if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
    return undefined;
  };
  const namesFlag = (call: ts.CallExpression) => {
    const first = call.arguments[0];
    return first !== undefined && ts.isStringLiteralLike(first) && first.text === flag;
  };
  const isFlagCall = (node: ts.Node): node is ts.CallExpression =>
    ts.isCallExpression(node) && booleanMethods.has(methodOf(node) ?? '') && namesFlag(node);

  // `const on = useFlag('x')`: the variable stands for the flag where it is read (a const never changes).
  const flagVariables = new Set<string>();
  const removedDeclarations = new Set<ts.Node>();
  const findVariables = (node: ts.Node): void => {
    if (
      ts.isVariableStatement(node) &&
      node.declarationList.flags & ts.NodeFlags.Const &&
      node.declarationList.declarations.length === 1
    ) {
      const [declaration] = node.declarationList.declarations;
      if (
        declaration &&
        ts.isIdentifier(declaration.name) &&
        declaration.initializer &&
        isFlagCall(declaration.initializer)
      ) {
        flagVariables.add(declaration.name.text);
        removedDeclarations.add(node);
      }
    }
    ts.forEachChild(node, findVariables);
  };
  findVariables(file);

  const isFlagRead = (node: ts.Node): boolean => {
    if (isFlagCall(node)) return true;
    if (!ts.isIdentifier(node) || !flagVariables.has(node.text)) return false;
    const parent = node.parent;
    // A read, not the declaration's own name nor a property name that happens to be spelled the same.
    if (ts.isVariableDeclaration(parent) && parent.name === node) return false;
    if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
    if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
    return true;
  };

  /** Without side effects, so dropping it changes nothing: names, property reads and literals. */
  const pure = (node: ts.Expression): boolean =>
    ts.isIdentifier(node) ||
    ts.isLiteralExpression(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    (ts.isPropertyAccessExpression(node) && pure(node.expression)) ||
    (ts.isParenthesizedExpression(node) && pure(node.expression));

  /** The expression's value once the flag is a constant, where that decides it. */
  const value = (node: ts.Expression): boolean | undefined => {
    if (isFlagRead(node)) return constant;
    if (node.kind === ts.SyntaxKind.TrueKeyword) return undefined; // a literal the code already had stays as is
    if (ts.isParenthesizedExpression(node)) return value(node.expression);
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
      const inner = value(node.operand);
      return inner === undefined ? undefined : !inner;
    }
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (op !== ts.SyntaxKind.AmpersandAmpersandToken && op !== ts.SyntaxKind.BarBarToken) return undefined;
      const and = op === ts.SyntaxKind.AmpersandAmpersandToken;
      const left = value(node.left);
      if (left !== undefined) return left === and ? value(node.right) : left;
      const right = value(node.right);
      if (right !== undefined && right !== and && pure(node.left)) return right;
    }
    return undefined;
  };

  /** The part of an expression the rewrite reduces it to (`on ? a : b` to `a`), if it reduces to one part. */
  const chosen = (node: ts.Expression): ts.Expression | undefined => {
    if (ts.isParenthesizedExpression(node)) return chosen(node.expression);
    if (ts.isConditionalExpression(node)) {
      const condition = value(node.condition);
      if (condition !== undefined) {
        const branch = condition ? node.whenTrue : node.whenFalse;
        return chosen(branch) ?? branch;
      }
    }
    if (ts.isBinaryExpression(node) && value(node) === undefined) {
      const logical =
        node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ||
        node.operatorToken.kind === ts.SyntaxKind.BarBarToken;
      if (logical && value(node.left) !== undefined) return chosen(node.right) ?? node.right;
      if (logical && value(node.right) !== undefined) return chosen(node.left) ?? node.left;
    }
    return undefined;
  };
  const isJsx = (node: ts.Node) =>
    ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node);

  /** The node's text with every rewrite inside it applied. */
  const render = (node: ts.Node): string => {
    if (ts.isExpression(node)) {
      const v = value(node);
      if (v !== undefined) return String(v);
      if (ts.isBinaryExpression(node)) {
        const and = node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken;
        const or = node.operatorToken.kind === ts.SyntaxKind.BarBarToken;
        if (and || or) {
          const left = value(node.left);
          if (left !== undefined) return render(node.right); // `on && x` is x, `off || x` is x
          const right = value(node.right);
          if (right !== undefined) return render(node.left); // `x && on` is x (as a condition), `x || off` is x
        }
      }
      if (ts.isConditionalExpression(node)) {
        const condition = value(node.condition);
        if (condition !== undefined) return render(condition ? node.whenTrue : node.whenFalse);
      }
      if (ts.isCallExpression(node) && variantMethods.has(methodOf(node) ?? '') && namesFlag(node))
        remaining.push({
          ...at(node),
          reason: `${methodOf(node)} reads a variant of the flag: rewrite it by hand`,
        });
    }
    if (ts.isJsxExpression(node) && node.expression) {
      // `{on ? <A/> : <B/>}` is `<A/>`, without braces.
      const part = chosen(node.expression);
      if (part && isJsx(part)) return render(part);
    }
    if (ts.isIfStatement(node)) {
      const condition = value(node.expression);
      if (condition === true) return unwrap(node.thenStatement, node);
      if (condition === false) {
        if (node.elseStatement) return unwrap(node.elseStatement, node);
        return isStatementList(node.parent) ? '' : '{}';
      }
    }
    if (removedDeclarations.has(node)) return '';
    return splice(node);
  };

  /** The node's own text with its children's renderings in place of theirs. */
  const splice = (node: ts.Node): string => {
    const start = node.getStart(file);
    let out = '';
    let cursor = start;
    const statementList = isStatementList(node);
    ts.forEachChild(node, (child) => {
      const rendered = render(child);
      const childStart = child.getStart(file);
      if (rendered === source.slice(childStart, child.end)) return;
      let from = childStart;
      let to = child.end;
      if (rendered === '' && ts.isIfStatement(node) && child === node.elseStatement) {
        // `if (a) A else if (off) B`: the else goes with its branch.
        out += source.slice(cursor, node.thenStatement.end);
        cursor = child.end;
        return;
      }
      if (rendered === '' && statementList) {
        // A removed statement takes its line with it.
        const lineStart = source.lastIndexOf('\n', from - 1) + 1;
        if (/^[ \t]*$/.test(source.slice(lineStart, from))) from = Math.max(lineStart, cursor);
        const rest = /^[ \t]*(\/\/[^\n]*)?\r?\n/.exec(source.slice(to));
        if (rest) to += rest[0].length;
      }
      if (ts.isJsxExpression(child) && rendered === '{false}') {
        // `{off && <A/>}` renders nothing: drop the container.
        out += source.slice(cursor, from);
        cursor = to;
        return;
      }
      out += source.slice(cursor, from) + rendered;
      cursor = to;
    });
    return out + source.slice(cursor, node.end);
  };

  /**
   * A branch that is always taken, in place of its `if`: a block's statements move out, dedented to the `if`'s
   * indentation, where a list of statements holds the `if`; elsewhere (`else if`, a lone `if` body) it stays a block.
   */
  const unwrap = (branch: ts.Statement, statement: ts.IfStatement): string => {
    const parent = statement.parent;
    if (!ts.isBlock(branch) || !isStatementList(parent)) return render(branch);
    // A block whose names the surrounding statements also use keeps its braces, so the names cannot clash.
    if (clashes(branch, statement)) return render(branch);
    const pieces = branch.statements
      .map((s) => {
        const rendered = render(s);
        // Each statement with the comments above it; a removed statement takes its comments along.
        return rendered === '' ? '' : source.slice(s.getFullStart(), s.getStart(file)) + rendered;
      })
      .join('')
      .replace(/^\s*/, '');
    if (pieces === '') return '';
    const indentOf = (pos: number) => /^[ \t]*/.exec(source.slice(source.lastIndexOf('\n', pos - 1) + 1))![0];
    const outer = indentOf(statement.getStart(file));
    const own = indentOf(branch.statements[0]!.getStart(file));
    const dedent = own.startsWith(outer) ? own.slice(outer.length) : '';
    if (!dedent) return pieces;
    return pieces
      .split('\n')
      .map((line) =>
        line.startsWith(outer + dedent) ? outer + line.slice(outer.length + dedent.length) : line,
      )
      .join('\n');
  };

  let out = render(file);
  if (out !== source) out = dropUnusedHooks(out, fileName, kind);
  // Flag reads no rule folded (`track(isEnabled('x'))`) were written as the constant: nothing is left to report.
  return { text: out, changed: out !== source, remaining };
}

/** Names the block declares at its top level. */
function declaredNames(block: ts.Block): Set<string> {
  const names = new Set<string>();
  const bind = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
  };
  for (const s of block.statements) {
    if (ts.isVariableStatement(s)) s.declarationList.declarations.forEach((d) => bind(d.name));
    else if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name) names.add(s.name.text);
  }
  return names;
}

/** Whether moving the block's statements next to `statement` would meet a name used beside it. */
function clashes(block: ts.Block, statement: ts.Statement): boolean {
  const names = declaredNames(block);
  if (names.size === 0) return false;
  let clash = false;
  const visit = (node: ts.Node): void => {
    if (clash) return;
    if (ts.isIdentifier(node) && names.has(node.text)) clash = true;
    ts.forEachChild(node, visit);
  };
  const siblings = (statement.parent as ts.Block | ts.SourceFile).statements ?? [];
  for (const sibling of siblings) if (sibling !== statement) visit(sibling);
  return clash;
}

const isStatementList = (node: ts.Node) =>
  ts.isBlock(node) ||
  ts.isSourceFile(node) ||
  ts.isCaseClause(node) ||
  ts.isDefaultClause(node) ||
  ts.isModuleBlock(node);

/** Named imports of the React SDK's hooks that nothing uses any more after the rewrite. */
function dropUnusedHooks(source: string, fileName: string, kind: ts.ScriptKind): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const used = new Map<string, number>();
  const count = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) used.set(node.text, (used.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, count);
  };
  count(file);
  const edits: { from: number; to: number; text: string }[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const unused = bindings.elements.filter(
      (e) => reactHooks.has(e.name.text) && used.get(e.name.text) === 1,
    );
    if (unused.length === 0) continue;
    const kept = bindings.elements.filter((e) => !unused.includes(e));
    if (kept.length === 0 && !statement.importClause?.name) {
      const rest = /^[ \t]*\r?\n/.exec(source.slice(statement.end));
      edits.push({ from: statement.getStart(file), to: statement.end + (rest?.[0].length ?? 0), text: '' });
    } else
      edits.push({
        from: bindings.getStart(file),
        to: bindings.end,
        text: kept.length ? `{ ${kept.map((e) => e.getText(file)).join(', ')} }` : '',
      });
  }
  let out = source;
  for (const edit of edits.sort((a, b) => b.from - a.from))
    out = out.slice(0, edit.from) + edit.text + out.slice(edit.to);
  return out;
}
