/** Reads a model file (YAML, or JSON, which is YAML too) into the normalised Model. */
import { LineCounter, parseDocument } from 'yaml';
import type { ModelProblem } from './errors.js';
import { ModelError } from './errors.js';
import { normalizeModel } from './normalize.js';
import type { Model } from './types.js';

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

function yamlProblems(text: string): { problems: ModelProblem[]; value: unknown } {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const problems = document.errors.map((error) => {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    const hint = YAML_HINTS[error.code];
    const first = error.message.split('\n')[0] ?? error.message;
    return { path: `${line}:${col}`, message: `YAML syntax error: ${first}${hint ? `; ${hint}` : ''}` };
  });
  return { problems, value: problems.length > 0 ? undefined : document.toJS({ maxAliasCount: 1000 }) };
}

/**
 * Parses a model file. `source` (a file name) heads error messages, names the
 * model when the file has no `name`, and with a .json extension holds the text
 * to strict JSON. Throws ModelError listing every problem.
 */
export function parseModel(text: string, source?: string): Model {
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
