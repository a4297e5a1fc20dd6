/**
 * What a Query or Scan returns: Select with its rules against
 * ProjectionExpression / AttributesToGet and the index read, and whether an
 * LSI read must fetch the base item for attributes the index lacks.
 * Messages measured on DynamoDB Local.
 */
import { invalidParameterMessage, validationError, type Condition, type Operand, type ProjectionNode } from '@dynotable/core';
import { keyNames, type IndexMeta, type TableMeta } from '../../tables/meta.js';

export type Select = 'ALL_ATTRIBUTES' | 'ALL_PROJECTED_ATTRIBUTES' | 'SPECIFIC_ATTRIBUTES' | 'COUNT';

const SELECTS: readonly Select[] = ['ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES', 'SPECIFIC_ATTRIBUTES', 'COUNT'];

const SELECT_NAMES: Record<Select, string> = {
  ALL_ATTRIBUTES: 'ALL_ATTRIBUTES',
  ALL_PROJECTED_ATTRIBUTES: 'ALL_PROJECTED_ATTRIBUTES',
  SPECIFIC_ATTRIBUTES: 'SPECIFIC_ATTRIBUTES',
  COUNT: 'only the Count',
};

/**
 * Checks Select against the other request members, before the table is
 * looked up; returns the Select in effect (undefined: the default, which
 * depends on whether an index is read).
 */
export function readSelect(input: Record<string, unknown>): Select | undefined {
  const raw = input.Select;
  const hasExpression = input.ProjectionExpression !== undefined && input.ProjectionExpression !== null;
  const hasNames = Array.isArray(input.AttributesToGet) && input.AttributesToGet.length > 0;
  if (raw === undefined || raw === null) return hasExpression || hasNames ? 'SPECIFIC_ATTRIBUTES' : undefined;
  if (!SELECTS.includes(raw as Select)) {
    throw validationError('Select must be ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES, COUNT, or SPECIFIC_ATTRIBUTES');
  }
  const select = raw as Select;
  if (select === 'ALL_PROJECTED_ATTRIBUTES' && (input.IndexName === undefined || input.IndexName === null)) {
    throw validationError('ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName');
  }
  if (select === 'SPECIFIC_ATTRIBUTES') {
    if (!hasExpression && !hasNames) {
      throw validationError('Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES');
    }
    return select;
  }
  if (hasNames) throw validationError(`Cannot specify the AttributesToGet when choosing to get ${SELECT_NAMES[select]}`);
  if (hasExpression) throw validationError(`Cannot specify the ProjectionExpression when choosing to get ${SELECT_NAMES[select]}`);
  return select;
}

/** The top-level attribute names an index entry holds, or undefined when it holds every attribute. */
function indexAttributeNames(table: TableMeta, index: IndexMeta): Set<string> | undefined {
  if (index.projection.type === 'ALL') return undefined;
  const names = new Set<string>([...keyNames(table.keys), ...keyNames(index.keys)]);
  for (const name of index.projection.nonKeyAttributes ?? []) names.add(name);
  return names;
}

function topName(path: { elements: readonly { type: string; name?: string }[] }): string {
  return path.elements[0]?.name ?? '';
}

/** The top-level attribute names a condition reads. */
function conditionNames(condition: Condition, names = new Set<string>()): Set<string> {
  const visit = (operand: Operand): void => {
    if (operand.kind === 'path') names.add(topName(operand));
    else if (operand.kind === 'call') operand.args.forEach(visit);
    else if (operand.kind === 'arithmetic') [operand.left, operand.right].forEach(visit);
  };
  switch (condition.kind) {
    case 'and':
    case 'or':
      conditionNames(condition.left, names);
      conditionNames(condition.right, names);
      break;
    case 'not':
      conditionNames(condition.operand, names);
      break;
    case 'compare':
      [condition.left, condition.right].forEach(visit);
      break;
    case 'between':
      [condition.operand, condition.low, condition.high].forEach(visit);
      break;
    case 'in':
      [condition.operand, ...condition.list].forEach(visit);
      break;
    case 'call':
      visit(condition);
  }
  return names;
}

export interface ReadShape {
  select: Select;
  projection: ProjectionNode | undefined;
  /** An LSI Scan whose filter reads attributes the index lacks evaluates it on the base item. */
  fetchForFilter: boolean;
  /** An LSI read returning attributes the index lacks returns them from the base item. */
  fetchForOutput: boolean;
}

function sortedMissing(names: Iterable<string>, held: Set<string>): string[] {
  return [...new Set(names)].filter((name) => !held.has(name)).sort();
}

/**
 * Applies the index's projection rules to the Select in effect. A Query's
 * filter may only read projected attributes; a Scan of an LSI reads the base
 * item instead (both measured on DynamoDB Local).
 */
export function resolveShape(
  table: TableMeta,
  index: IndexMeta | undefined,
  select: Select | undefined,
  projection: ProjectionNode | undefined,
  filter: Condition | undefined,
  kind: 'Query' | 'Scan',
): ReadShape {
  const shape: ReadShape = { select: select ?? 'ALL_ATTRIBUTES', projection, fetchForFilter: false, fetchForOutput: false };
  if (index === undefined) return shape;
  shape.select = select ?? 'ALL_PROJECTED_ATTRIBUTES';
  const held = indexAttributeNames(table, index);
  if (held === undefined) return shape;
  // The filter is checked first, then Select, then the projection (order measured on DynamoDB Local).
  const unfiltered = filter ? sortedMissing(conditionNames(filter), held) : [];
  if (unfiltered.length > 0) {
    if (kind === 'Query') {
      throw validationError(
        invalidParameterMessage(`Secondary index ${index.name} does not project one or more filter attributes: [${unfiltered.join(', ')}]`),
      );
    }
    shape.fetchForFilter = index.kind === 'local';
  }
  if (index.kind === 'global' && shape.select === 'ALL_ATTRIBUTES') {
    throw validationError(
      invalidParameterMessage(`Select type ALL_ATTRIBUTES is not supported for global secondary index ${index.name} because its projection type is not ALL`),
    );
  }
  const unprojected = projection ? sortedMissing(projection.paths.map(topName), held) : [];
  if (index.kind === 'global' && unprojected.length > 0) {
    throw validationError(
      invalidParameterMessage(`Global secondary index ${index.name} does not project [${unprojected.join(', ')}]`),
    );
  }
  shape.fetchForOutput = index.kind === 'local' && (shape.select === 'ALL_ATTRIBUTES' || unprojected.length > 0);
  return shape;
}
