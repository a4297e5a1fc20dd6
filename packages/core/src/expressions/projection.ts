/** ProjectionExpression: comma-separated document paths that neither overlap nor conflict. */
import type { PathNode, ProjectionNode } from './ast.js';
import { checkPathsApart } from './overlap.js';
import type { Parser } from './parser.js';
import { parsePath } from './paths.js';
import { Tok } from './tokens.js';

export function parseProjectionBody(p: Parser): ProjectionNode {
  const paths: PathNode[] = [];
  const locations: number[] = [];
  for (;;) {
    p.targetIndex = paths.length;
    locations.push(p.start);
    paths.push(parsePath(p));
    locations.push(p.prevEnd);
    if (p.tok !== Tok.Comma) break;
    p.advance();
  }
  if (p.tok !== Tok.EOF) p.syntaxError();
  checkPathsApart(p, paths, locations);
  return { kind: 'projection', paths };
}
