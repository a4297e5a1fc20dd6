/** `dynotable expr`: friendly expression text in, request fields or a program out. */
import {
  compileFriendly,
  generateCode,
  isDynamoError,
  toWireRequest,
  type CodegenLanguage,
  type CodegenOperation,
  type CodegenParams,
  type ExpressionRequest,
  type FriendlyKind,
} from '@dynotable/core';
import { parseExprArgs, type ExprOptions, type Format } from './expr-args.js';
import { EXPR_HELP } from './help.js';
import { CommandFailure, EXIT_FAILURE, EXIT_OK, UsageError, type Output } from './io.js';
import { prettyJson } from './json-output.js';
import { renderExpressionError, type FailingPart } from './render-error.js';

const LANGUAGES: Record<Exclude<Format, 'json'>, CodegenLanguage> = {
  ts: 'typescript',
  'ts-doc': 'typescript-document',
  python: 'python',
  cli: 'aws-cli',
  java: 'java',
  go: 'go',
};

/** The parts each operation accepts. */
const OPERATION_PARTS: Record<CodegenOperation, readonly FriendlyKind[]> = {
  Query: ['key', 'filter', 'projection'],
  Scan: ['filter', 'projection'],
  GetItem: ['projection'],
  PutItem: ['condition'],
  UpdateItem: ['update', 'condition'],
  DeleteItem: ['condition'],
};

/** Stand-ins for what the friendly text cannot supply, named so nobody mistakes them for data. */
const PLACEHOLDER_TABLE = 'YourTable';
const PLACEHOLDER_KEY = { YourKeyAttribute: { S: 'YourKeyValue' } };

export function runExpr(args: string[], io: Output): number {
  const options = parseExprArgs(args);
  if (options.help) {
    io.stdout(EXPR_HELP);
    return EXIT_OK;
  }
  const operation = options.operation ?? inferOperation(options.parts.map((part) => part.kind));
  checkPartsFit(operation, options);

  let compiled: ExpressionRequest;
  try {
    compiled = compileFriendly(Object.fromEntries(options.parts.map((part) => [part.kind, part.text])));
  } catch (error) {
    if (!isDynamoError(error)) throw error;
    if (options.json) throw new CommandFailure(renderExpressionError(error, failingPart(options, error.message)).trimEnd(), 'failure', error.name);
    io.stderr(renderExpressionError(error, failingPart(options, error.message)));
    return EXIT_FAILURE;
  }

  if (options.format === 'json') {
    const params = { TableName: options.table, IndexName: options.index, ...compiled } as CodegenParams;
    const request = toWireRequest(params);
    io.stdout((options.json ? JSON.stringify({ operation, request }) : prettyJson(request)) + '\n');
    return EXIT_OK;
  }
  const params: CodegenParams = { TableName: options.table ?? PLACEHOLDER_TABLE, IndexName: options.index, ...compiled };
  if (operation === 'GetItem' || operation === 'UpdateItem' || operation === 'DeleteItem') params.Key = PLACEHOLDER_KEY;
  if (operation === 'PutItem') params.Item = PLACEHOLDER_KEY;
  const code = generateCode({ operation, params }, LANGUAGES[options.format]);
  io.stdout(options.json ? `${JSON.stringify({ operation, format: options.format, code })}\n` : code);
  return EXIT_OK;
}

function inferOperation(kinds: FriendlyKind[]): CodegenOperation {
  if (kinds.includes('key')) return 'Query';
  if (kinds.includes('update')) return 'UpdateItem';
  if (kinds.includes('filter')) return 'Scan';
  if (kinds.includes('condition')) return 'PutItem';
  return 'GetItem';
}

function checkPartsFit(operation: CodegenOperation, options: ExprOptions): void {
  const allowed = OPERATION_PARTS[operation];
  const misfit = options.parts.find((part) => !allowed.includes(part.kind));
  const hint = 'Run `dynotable expr --help` for usage.';
  if (misfit !== undefined) {
    const chosen = options.operation === undefined ? ` (chosen from the parts; set --operation to choose)` : '';
    throw new UsageError(`${operation}${chosen} takes no ${misfit.kind} expression; it takes: ${allowed.join(', ')}`, hint);
  }
  if (options.index !== undefined && operation !== 'Query' && operation !== 'Scan') {
    throw new UsageError(`--index applies to Query and Scan only, not ${operation}`, hint);
  }
}

/**
 * The error's location points into one part's text; with several parts, the
 * part that fails on its own is the one it points into.
 */
function failingPart(options: ExprOptions, message: string): FailingPart | undefined {
  if (options.parts.length === 1) return { label: options.parts[0]!.kind, text: options.parts[0]!.text };
  for (const part of options.parts) {
    try {
      compileFriendly({ [part.kind]: part.text });
    } catch (error) {
      if (isDynamoError(error) && error.message === message) return { label: part.kind, text: part.text };
    }
  }
  return undefined;
}
