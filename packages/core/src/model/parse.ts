/** Reads a model file (YAML, or JSON, which is YAML too) into the normalised Model. */
import { LineCounter, Parser, parseDocument } from 'yaml';
import type { ModelProblem } from './errors.js';
import { ModelError } from './errors.js';
import { normalizeModel } from './normalize.js';
import type { Model } from './types.js';
import { MAX_MODEL_ALIASES, MAX_MODEL_ALIAS_COUNT, MAX_MODEL_NESTING } from './limits.js';

export { MAX_MODEL_NESTING } from './limits.js';

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `${line}:${column}`;
}

/** JSON.parse's messages are clear, but YAML's are not about JSON mistakes such as a trailing comma. */
function jsonSyntaxProblem(text: string): ModelProblem | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    // Engines word this differently: "... in JSON at position 8" (V8), "... at line 1 column 9 of the JSON data" (SpiderMonkey).
    const message = error instanceof Error ? error.message : String(error);
    const lineAndColumn = /line (\d+) column (\d+)/.exec(message);
    const position = /at position (\d+)/.exec(message);
    const where = lineAndColumn
      ? `${lineAndColumn[1]}:${lineAndColumn[2]}`
      : lineColumn(text, position ? Number(position[1]) : text.length);
    const what = message
      .replace(/^JSON\.parse: /, '')
      .replace(/\s*(in JSON )?at (position \d+|line \d+ column \d+).*$/s, '');
    return { path: where, message: `JSON syntax error: ${what}; fix the JSON (or write the model as YAML)` };
  }
}

const YAML_HINTS: Readonly<Record<string, string>> = {
  DUPLICATE_KEY: 'a key appears twice in the same map; keep one (names of tables, indexes, entities and attributes must be unique)',
  BAD_INDENT: 'check the indentation: items of one map or list start at the same column',
  TAB_AS_INDENT: 'indent with spaces, not tabs',
};

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

/**
 * The first thing in the text that would make reading it costly or unsafe:
 * maps and lists nested deeper than MAX_MODEL_NESTING, or more aliases than
 * MAX_MODEL_ALIASES (the YAML library resolves each alias by a search back
 * through the document: 10,000 aliases take seconds). The library's parser
 * (unlike its composer) builds its syntax tree without recursion; this walks
 * that tree with a stack of its own.
 */
function structureProblem(text: string): ModelProblem | undefined {
  // Children are pushed last first, so the walk meets the text in order.
  const stack: Array<[unknown, number]> = [[[...new Parser().parse(text)], 0]];
  let aliases = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        const child: unknown = node[i];
        if (typeof child === 'object' && child !== null) stack.push([child, depth]);
      }
      continue;
    }
    const token = node as Record<string, unknown>;
    const at = () => lineColumn(text, typeof token.offset === 'number' ? token.offset : 0);
    let inner = depth;
    if (typeof token.type === 'string' && COLLECTIONS.has(token.type)) {
      inner = depth + 1;
      if (inner > MAX_MODEL_NESTING) {
        return { path: at(), message: `maps and lists nest more than ${MAX_MODEL_NESTING} levels deep; the limit is ${MAX_MODEL_NESTING}` };
      }
    } else if (token.type === 'alias' && ++aliases > MAX_MODEL_ALIASES) {
      return { path: at(), message: `YAML aliases (*name) appear more than ${MAX_MODEL_ALIASES} times; the limit is ${MAX_MODEL_ALIASES}` };
    }
    const keys = Object.keys(token);
    for (let i = keys.length - 1; i >= 0; i--) {
      const child = token[keys[i]!];
      if (typeof child === 'object' && child !== null) stack.push([child, inner]);
    }
  }
  return undefined;
}

function yamlProblems(text: string): { problems: ModelProblem[]; value: unknown } {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const problems = document.errors.map((error) => {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    const hint = YAML_HINTS[error.code];
    const first = error.message.split('\n')[0] ?? error.message;
    return { path: `${line}:${col}`, message: `YAML syntax error: ${first}${hint ? `; ${hint}` : ''}` };
  });
  if (problems.length > 0) return { problems, value: undefined };
  try {
    return { problems, value: document.toJS({ maxAliasCount: MAX_MODEL_ALIAS_COUNT }) };
  } catch (error) {
    // The library's alias-bomb guard: "Excessive alias count indicates a resource exhaustion attack".
    if (!(error instanceof ReferenceError)) throw error;
    const message = /excessive alias count/i.test(error.message)
      ? `YAML aliases expand to too many copies (more than ${MAX_MODEL_ALIAS_COUNT} expansions of an alias), as in a "billion laughs" alias bomb; write the values out or use fewer aliases`
      : `YAML alias problem: ${error.message}`;
    return { problems: [{ path: '', message }], value: undefined };
  }
}

/**
 * Parses a model file. `source` (a file name) heads error messages, names the
 * model when the file has no `name`, and with a .json extension holds the text
 * to strict JSON. Throws ModelError listing every problem.
 */
export function parseModel(text: string, source?: string): Model {
  // Before anything recursive reads the text (the YAML composer, toJS, normalizeModel).
  const structure = structureProblem(text);
  if (structure !== undefined) throw new ModelError([structure], source);
  // A .json file is held to JSON; otherwise flow-style YAML such as `{tables: ...}` is fine.
  if (source !== undefined && /\.json$/i.test(source)) {
    const jsonProblem = jsonSyntaxProblem(text);
    if (jsonProblem) throw new ModelError([jsonProblem], source);
  }
  const { problems, value } = yamlProblems(text);
  if (problems.length > 0) {
    // Text that starts like JSON and fails as YAML reads better with JSON's own message.
    const jsonProblem = /^\s*[{[]/.test(text) ? jsonSyntaxProblem(text) : undefined;
    throw new ModelError(jsonProblem ? [jsonProblem] : problems, source);
  }
  return normalizeModel(value, source);
}
