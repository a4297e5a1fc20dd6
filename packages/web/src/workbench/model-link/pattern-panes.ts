/**
 * The linked model's access patterns as panes: each pattern's plan, the
 * arguments it asks for (with the model's examples as a start), the exact
 * request, its read cost, and the pane state that runs it. A GetItem runs in
 * its pane as the Query on the same full key (the same item, the same read
 * units); the exact GetItem is shown beside it.
 */
import {
  compileKeyTemplate,
  expr,
  patternReadCost,
  planAccessPattern,
  printFriendly,
  readForPlan,
  requestForPlan,
  type AccessPatternSpec,
  type Condition,
  type Model,
  type PatternPlan,
  type PatternReadCost,
} from '@dynotable/core';
import { DEFAULT_QUERY_STATE, type QueryState } from '../query-state.js';
import type { LinkedModel } from './use-model-link.js';

export interface TablePattern {
  readonly pattern: AccessPatternSpec;
  readonly plan: PatternPlan;
  readonly cost: PatternReadCost | undefined;
}

/** The patterns whose plan reads this table (or one of its indexes). */
export function tablePatterns(linked: LinkedModel): TablePattern[] {
  const { model, modelTable } = linked;
  const found: TablePattern[] = [];
  for (const pattern of model.accessPatterns) {
    let plan: PatternPlan;
    try {
      plan = planAccessPattern(model, pattern);
    } catch {
      continue; // A pattern the designer cannot plan is the linter's to explain.
    }
    if (plan.table !== modelTable) continue;
    let cost: PatternReadCost | undefined;
    try {
      cost = patternReadCost(model, pattern, plan);
    } catch {
      cost = undefined;
    }
    found.push({ pattern, plan, cost });
  }
  return found;
}

/** A first value for each parameter: the attribute's first example in the model, else empty. */
export function exampleArguments(model: Model, plan: PatternPlan): Record<string, string> {
  const entity = model.entities.find((candidate) => candidate.name === plan.entity);
  const args: Record<string, string> = {};
  for (const name of plan.parameters) {
    const attribute = name.replace(/(From|To)$/, '');
    const spec = entity?.attributes.find((candidate) => candidate.name === name || candidate.name === attribute);
    args[name] = spec?.examples?.[0] ?? spec?.values?.[0] ?? '';
  }
  return args;
}

/** A limit the person gives: a whole number from 1, or a sentence saying what is wrong. */
export function limitProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return /^[1-9]\d*$/.test(text.trim()) ? undefined : 'The limit is a whole number from 1 (or empty for none).';
}

/** The exact request the pattern sends for these arguments, as DynamoDB's JSON. */
export function exactRequest(model: Model, plan: PatternPlan, args: Record<string, string>): string {
  return JSON.stringify(requestForPlan(model, plan, args), (_key, raw: unknown) => (raw instanceof Uint8Array ? `<${raw.length} bytes>` : raw), 2);
}

function keyCondition(key: Readonly<Record<string, unknown>>): Condition {
  return expr.and(...Object.entries(key).map(([name, attribute]) => expr.path(name).eq(expr.value(attribute as never))));
}

/** The pane that runs the pattern: its index, key condition and filter as text, its direction and limit. */
export function paneForPattern(linked: LinkedModel, plan: PatternPlan, args: Record<string, string>, limitText?: string): QueryState {
  const read = readForPlan(linked.model, plan, args);
  const base = { ...DEFAULT_QUERY_STATE, pattern: plan.pattern, indexName: read.index, filterMode: 'text' as const };
  const filterText = read.filter !== undefined ? printFriendly('filter', read.filter) : '';
  const limit = limitText !== undefined && limitText.trim() !== '' ? limitText.trim() : plan.limit !== undefined ? String(plan.limit) : base.limit;
  if (read.operation === 'Scan') return { ...base, mode: 'scan', filterText, limit };
  const condition = read.operation === 'GetItem' ? keyCondition(read.key!) : read.keyCondition!;
  return {
    ...base,
    mode: 'query',
    keyMode: 'text',
    keyText: printFriendly('key', condition),
    filterText,
    forward: plan.scanIndexForward !== false,
    limit,
    consistentRead: plan.consistentRead === true,
  };
}

/**
 * The base-table read of the same entity, for "Compare": by its partition key
 * when the arguments give it, else a Scan of the entity's items (the literal
 * start of its partition key template).
 */
export function baseTablePane(linked: LinkedModel, plan: PatternPlan, args: Record<string, string>): QueryState {
  const { model, modelTable } = linked;
  const table = model.tables.find((candidate) => candidate.name === modelTable)!;
  const entity = model.entities.find((candidate) => candidate.name === plan.entity);
  const template = entity?.keys[table.partitionKey.name];
  const base = { ...DEFAULT_QUERY_STATE, pattern: `${plan.pattern} (base table)` };
  if (template === undefined) return base;
  const compiled = compileKeyTemplate(template);
  if (compiled.fields.every((field) => (args[field] ?? '') !== '')) {
    const key = { [table.partitionKey.name]: table.partitionKey.type === 'N' ? { N: compiled.format(args) } : { S: compiled.format(args) } };
    return { ...base, mode: 'query', keyMode: 'text', keyText: printFriendly('key', keyCondition(key)) };
  }
  const start = compiled.prefix({});
  if (start === '') return base;
  return { ...base, mode: 'scan', filterMode: 'text', filterText: printFriendly('filter', expr.path(table.partitionKey.name).beginsWith(expr.value({ S: start }))) };
}
