/**
 * Reads each access pattern (its meaning) and plans it against the model's
 * keys, then works out which key the items come back through and which field
 * of its sort key decides their order.
 */
import { planAccessPattern } from '../design/index.js';
import type { AccessPatternSpec, Model, PatternMeaning, PatternPlan } from '../model/types.js';
import { readAccessPattern } from '../patterns/index.js';
import type { EntityKey, EntityView } from './context.js';
import { keyFields } from './context.js';

interface ReadPath {
  /** Absent for the base table. */
  readonly index?: string;
  readonly kind: 'table' | 'gsi' | 'lsi';
  readonly partition?: EntityKey;
  /** Every partition key attribute in key order: more than one on a GSI with a multi-attribute key. */
  readonly partitions: readonly (EntityKey | undefined)[];
  readonly sort?: EntityKey;
  /** Every sort key attribute in key order: more than one on a GSI with a multi-attribute key. */
  readonly sorts: readonly (EntityKey | undefined)[];
}

export interface PatternAnalysis {
  readonly pattern: AccessPatternSpec;
  readonly meaning?: PatternMeaning;
  readonly plan?: PatternPlan;
  /** Why the pattern could not be read or planned. */
  readonly problem?: string;
  readonly entity?: EntityView;
  /** The key the items are read through: the plan's, or for a Scan the key whose partition the pattern supplies. */
  readonly readPath?: ReadPath;
  /** The attributes the caller supplies for equality. */
  readonly supplied: ReadonlySet<string>;
  /** The sort-key field that decides the order of the items returned. */
  readonly orderingField?: string;
  /** The attribute a list pattern orders or ranges by. */
  readonly wantedOrder?: string;
}

interface PartialContext {
  readonly model: Model;
  readonly entities: readonly EntityView[];
  entity(name: string): EntityView | undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The key attributes of one read path (table or index) for an entity. */
function readPaths(view: EntityView): ReadPath[] {
  const table = view.table;
  if (!table) return [];
  const key = (name: string | undefined) => (name === undefined ? undefined : view.key(name));
  const paths: ReadPath[] = [
    { kind: 'table', partition: key(table.partitionKey.name), partitions: [key(table.partitionKey.name)], sort: key(table.sortKey?.name), sorts: [key(table.sortKey?.name)] },
    ...table.globalSecondaryIndexes.map(
      (gsi): ReadPath => ({
        kind: 'gsi',
        index: gsi.name,
        partition: key(gsi.partitionKey.name),
        partitions: gsi.partitionKeys.map((each) => key(each.name)),
        sort: key(gsi.sortKey?.name),
        sorts: gsi.sortKeys.map((each) => key(each.name)),
      }),
    ),
    ...table.localSecondaryIndexes.map(
      (lsi): ReadPath => ({
        kind: 'lsi',
        index: lsi.name,
        partition: key(table.partitionKey.name),
        partitions: [key(table.partitionKey.name)],
        sort: key(lsi.sortKey.name),
        sorts: [key(lsi.sortKey.name)],
      }),
    ),
  ];
  return paths;
}

function suppliedFields(meaning: PatternMeaning): Set<string> {
  return new Set([...meaning.equals, ...meaning.where.map((condition) => condition.attribute)]);
}

/** For a Scan: the first key whose partition fields the caller supplies, so order rules can still say what the items sort by. */
function fallbackPath(paths: readonly ReadPath[], supplied: ReadonlySet<string>): ReadPath | undefined {
  // Every partition attribute (several on a multi-attribute key) must be built from supplied fields.
  const supplies = (key: EntityKey | undefined) => key?.template !== undefined && keyFields(key).every((field) => supplied.has(field));
  return paths.find((path) => path.partitions.length > 0 && path.partitions.every(supplies));
}

/** The first sort field not supplied, across the sort key attributes in key order (a multi-attribute key has several). */
function orderingField(path: ReadPath | undefined, supplied: ReadonlySet<string>, meaning: PatternMeaning): string | undefined {
  if (!path?.sort) return undefined;
  for (const sort of path.sorts) {
    if (!sort) return undefined;
    const fields = keyFields(sort);
    if (meaning.between !== undefined && fields.includes(meaning.between)) return meaning.between;
    const field = fields.find((each) => !supplied.has(each));
    if (field !== undefined) return field;
  }
  return undefined;
}

function analyse(context: PartialContext, pattern: AccessPatternSpec): PatternAnalysis {
  let meaning: PatternMeaning;
  try {
    meaning = readAccessPattern(context.model, pattern);
  } catch (error) {
    return { pattern, problem: describe(error), supplied: new Set() };
  }
  const entity = context.entity(meaning.entity);
  const supplied = suppliedFields(meaning);
  const wantedOrder = meaning.kind === 'list' ? (meaning.between ?? meaning.orderBy) : undefined;
  let plan: PatternPlan | undefined;
  let problem: string | undefined;
  try {
    plan = planAccessPattern(context.model, pattern);
  } catch (error) {
    problem = describe(error);
  }
  const paths = entity ? readPaths(entity) : [];
  const planned = plan && plan.operation !== 'Scan' ? paths.find((path) => path.index === plan.index) : undefined;
  const readPath = planned ?? fallbackPath(paths, supplied);
  const order = orderingField(readPath, supplied, meaning);
  return {
    pattern,
    meaning,
    ...(plan ? { plan } : {}),
    ...(problem !== undefined ? { problem } : {}),
    ...(entity ? { entity } : {}),
    ...(readPath ? { readPath } : {}),
    supplied,
    ...(order !== undefined ? { orderingField: order } : {}),
    ...(wantedOrder !== undefined ? { wantedOrder } : {}),
  };
}

export function analysePatterns(context: PartialContext): PatternAnalysis[] {
  return context.model.accessPatterns.map((pattern) => analyse(context, pattern));
}
