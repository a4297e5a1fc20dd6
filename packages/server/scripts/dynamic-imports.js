/**
 * Finds the import() calls in a JavaScript file, for scripts/bundle.js, which
 * refuses a bundle that still has one. A real parse (TypeScript's), so the word
 * in a comment, a string, a template or a regular expression does not count,
 * nor does import.meta or a static import; import() of any argument does.
 */
import ts from 'typescript';

/** Each import() call in `source`, as `line:column: the call` (at most 100 characters of it). */
export function dynamicImports(source, fileName = 'bundle.cjs') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push(`${line + 1}:${character + 1}: ${node.getText(file).replace(/\s+/g, ' ').slice(0, 100)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
