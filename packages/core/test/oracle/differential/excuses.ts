/**
 * The few disagreements with DynamoDB Local that are excused, each as narrowly
 * as it can be told apart.
 */
import type { Item, UpdateNode } from '@dynotable/core';
import { coreApi } from './core-api.js';
import { attributeMaps } from './runners.js';
import type { ExpressionCase, Outcome } from './runners.js';

const PATHS_APART = /^ValidationException: Invalid (?:UpdateExpression|ProjectionExpression): Two document paths (?:overlap|conflict) with each other; must remove or rewrite one of these paths; path one: .*?, path two: /;

/**
 * Which path an overlap or conflict message names as "path two". Core
 * reproduces DynamoDB Local's choice in most cases, but some fit no rule
 * found: `a, a, a.#n0, #n1[1]` (#n0 = b, #n1 = name) gets `path one: [a],
 * path two: [a, b]` from Local while `a, a, a.b, c` gets `path two: [c]`, and
 * pairs of names are not ranked in any consistent order (`a` over `o`, `o` over
 * `zz`... yet `a, a, #zz` names `[a]`, `#zz, #zz, o` names `[zz]`). docs/dynamodb-rules.md
 * marks these messages probable (known from emulators), so only "path two" may differ:
 * the same error type, the same overlap-or-conflict wording and the same
 * "path one".
 */
export function excusePathTwo(dynamo: Outcome, core: Outcome): string | null {
  const prefix = PATHS_APART.exec(dynamo)?.[0];
  if (prefix === undefined || !core.startsWith(prefix)) return null;
  return 'path two of an overlap or conflict (DynamoDB Local, unconfirmed on DynamoDB)';
}

const CLAUSE_WORD = /(?:^|[^\w#:.])(set|remove|add|delete)(?![\w])/gi;
const PRINTED_ORDER = ['SET', 'REMOVE', 'ADD', 'DELETE'];

/** The update clauses of `text` in the order written (grammar keywords never serve as names). */
function clauseOrder(text: string): string[] {
  return [...text.matchAll(CLAUSE_WORD)].map((m) => m[1]!.toUpperCase());
}

/**
 * The printer writes update clauses as SET, REMOVE, ADD, DELETE whatever order
 * they came in (the AST keeps no clause order). For an update with several
 * runtime errors that can change which one DynamoDB reports, e.g.
 * `add #n0 :v0 remove l.#n1, #n2` printed as `REMOVE ... ADD ...`; whether it
 * is accepted does not change. So: both answers runtime ValidationExceptions
 * (not expression errors), and the original's clauses out of printed order.
 */
export function excuseClauseOrder(dynamo: Outcome, printed: Outcome, text: string): string | null {
  const runtime = (o: Outcome) => o.startsWith('ValidationException: ') && !o.startsWith('ValidationException: Invalid ');
  if (!runtime(dynamo) || !runtime(printed)) return null;
  const order = clauseOrder(text);
  const sorted = [...order].sort((x, y) => PRINTED_ORDER.indexOf(x) - PRINTED_ORDER.indexOf(y));
  if (order.every((word, i) => word === sorted[i])) return null;
  return 'printed update clauses in another order';
}

const isRuntimeError = (o: Outcome) => o.startsWith('ValidationException: ') && !o.startsWith('ValidationException: Invalid ');

/** Each action of an update as an update of its own. */
function singleActions(update: UpdateNode): UpdateNode[] {
  const empty = { kind: 'update' as const, set: [], remove: [], add: [], delete: [] };
  return [
    ...update.set.map((action) => ({ ...empty, set: [action] })),
    ...update.remove.map((path) => ({ ...empty, remove: [path] })),
    ...update.add.map((action) => ({ ...empty, add: [action] })),
    ...update.delete.map((action) => ({ ...empty, delete: [action] })),
  ];
}

/**
 * When several actions of one update fail at run time, which error DynamoDB
 * Local reports follows no documented rule (it depends on the names through
 * its internal hash maps; core emulates most of it, see evaluator/action-order.ts).
 * Excused only when at least two actions fail on their own, and each side's
 * message is the error of one of them: the update is rejected either way, with
 * a genuine error of the request.
 */
export function excuseRuntimeErrorChoice(dynamo: Outcome, core: Outcome, c: ExpressionCase, key: Item): string | null {
  if (!isRuntimeError(dynamo) || !isRuntimeError(core)) return null;
  const parsed = coreApi.parseRequestExpressions({
    UpdateExpression: c.expression.text,
    ...attributeMaps(c.expression.names, c.expression.values),
  });
  if (parsed.update === undefined) return null;
  const item = { ...c.item, ...key };
  const failures = new Set<string>();
  let failing = 0;
  for (const single of singleActions(parsed.update)) {
    try {
      coreApi.applyUpdate(single, item);
    } catch (error) {
      failing++;
      failures.add(`ValidationException: ${(error as Error).message}`);
    }
  }
  if (failing < 2 || !failures.has(dynamo) || !failures.has(core)) return null;
  return 'which of several runtime update errors is reported';
}
