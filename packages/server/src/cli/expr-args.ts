/** Reads `dynotable expr` arguments into a plain options object, or a UsageError. */
import { CODEGEN_OPERATIONS, type CodegenOperation, type FriendlyKind } from '@dynotable/core';
import { oneOfFlag, parseCommandArgs } from './command-args.js';
import { EXPR_FLAGS, HELP_FLAG } from './command-table.js';
import { UsageError } from './io.js';

const PART_KINDS: readonly FriendlyKind[] = ['key', 'condition', 'filter', 'update', 'projection'];
const FORMATS = ['json', 'ts', 'ts-doc', 'python', 'cli', 'java', 'go'] as const;
export type Format = (typeof FORMATS)[number];

export interface ExprOptions {
  help: boolean;
  /** The parts in the order given on the command line. */
  parts: Array<{ kind: FriendlyKind; text: string }>;
  format: Format;
  table: string | undefined;
  index: string | undefined;
  operation: CodegenOperation | undefined;
  /** --json: the result as one JSON object, and an invalid expression as a JSON error. */
  json: boolean;
}

const EXPR_HINT = 'Run `dynotable expr --help` for usage.';

const EXPR_OPTIONS = { ...EXPR_FLAGS, ...HELP_FLAG } as const;

export function parseExprArgs(args: string[]): ExprOptions {
  const { values, positionals } = parseCommandArgs(args, EXPR_OPTIONS, EXPR_HINT);
  const parts: ExprOptions['parts'] = [];
  const add = (kind: FriendlyKind, text: string) => {
    if (parts.some((part) => part.kind === kind)) throw new UsageError(`the ${kind} part is given twice`, EXPR_HINT);
    parts.push({ kind, text });
  };

  if (positionals.length > 0) {
    const [kind, text, ...extra] = positionals;
    if (!isPartKind(kind)) throw new UsageError(`unknown expression part '${kind}' (expected one of: ${PART_KINDS.join(', ')})`, EXPR_HINT);
    if (text === undefined) throw new UsageError(`missing the ${kind} expression text after '${kind}'`, EXPR_HINT);
    if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'; give further parts as flags, e.g. --filter '…'`, EXPR_HINT);
    add(kind, text);
  }
  for (const kind of PART_KINDS) {
    const text = values[kind];
    if (typeof text === 'string') add(kind, text);
  }

  const help = values.help === true;
  if (parts.length === 0 && !help) throw new UsageError('no expression given', EXPR_HINT);
  return {
    help,
    parts,
    format: oneOfFlag(values.format ?? 'json', FORMATS, '--format', EXPR_HINT),
    table: values.table,
    index: values.index,
    operation: values.operation === undefined ? undefined : oneOfFlag(values.operation, CODEGEN_OPERATIONS, '--operation', EXPR_HINT),
    json: values.json === true,
  };
}

function isPartKind(value: string | undefined): value is FriendlyKind {
  return PART_KINDS.includes(value as FriendlyKind);
}
