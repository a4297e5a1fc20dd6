/**
 * Assumed cost inputs: a model fresh from the designer has questions and keys
 * but no rates or volumes, so its cost would be $0.00. The designer fills each
 * missing figure with a plain default and lists it under the object's
 * `assumed:`, so every tool can say "assumed" until a person sets the value.
 * The same fills are offered as model edits, for a model opened without them.
 */
import type { ModelEdit, ModelEditValue } from '../model/edits.js';
import type { AccessPatternSpec, EntitySpec, Model, WriteKind, WritePathSpec } from '../model/types.js';

/** The defaults, one place: calls per second and items per entity. */
export const ASSUMED_DEFAULTS = {
  /** Calls per second of each access pattern. */
  readRate: 10,
  /** Writes per second of each write path, by kind. */
  writeRate: { create: 1, update: 5, delete: 1 } satisfies Record<WriteKind, number>,
  /** Items per entity. */
  count: 100_000,
} as const;

/** One figure the model lacks, and its assumed value; or a write path the model lacks. */
export type AssumedFill =
  | { readonly kind: 'pattern'; readonly name: string; readonly field: 'rate'; readonly value: number }
  | { readonly kind: 'writePath'; readonly name: string; readonly field: 'rate'; readonly value: number }
  | { readonly kind: 'entity'; readonly name: string; readonly field: 'count'; readonly value: number }
  | { readonly kind: 'newWritePath'; readonly writePath: WritePathSpec };

/** An identifier from an entity name: "Order Line" → "OrderLine". */
function identifierPart(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_]/g, '');
  return cleaned === '' ? 'Item' : cleaned.charAt(0).toUpperCase() + cleaned.slice(1);
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}${suffix}`;
  taken.add(name);
  return name;
}

/**
 * Write paths an entity is assumed to have when the model gives it none of a
 * kind: a create (every item is written once), and an update of its mutable
 * attributes when it has some (the write whose index cost the design decides).
 */
function assumedWritePaths(model: Model, taken: Set<string>): WritePathSpec[] {
  const paths: WritePathSpec[] = [];
  for (const entity of model.entities) {
    const kinds = new Set(model.writePaths.filter((path) => path.entity === entity.name).map((path) => path.kind));
    if (!kinds.has('create')) {
      paths.push({
        name: uniqueName(`create${identifierPart(entity.name)}`, taken),
        entity: entity.name,
        kind: 'create',
        attributes: [],
        rate: ASSUMED_DEFAULTS.writeRate.create,
        description: `Assumed: each ${entity.name} is written once, when created.`,
        assumed: ['rate'],
      });
    }
    const mutable = entity.attributes.filter((attribute) => attribute.mutable).map((attribute) => attribute.name);
    if (!kinds.has('update') && mutable.length > 0) {
      paths.push({
        name: uniqueName(`update${identifierPart(entity.name)}`, taken),
        entity: entity.name,
        kind: 'update',
        attributes: mutable,
        rate: ASSUMED_DEFAULTS.writeRate.update,
        description: `Assumed: the ${entity.name}'s changing attributes (${mutable.join(', ')}) are updated.`,
        assumed: ['rate'],
      });
    }
  }
  return paths;
}

/** Every figure the model lacks for its cost, with the value assumed for it, in the model's order. */
export function assumedFills(model: Model): AssumedFill[] {
  const fills: AssumedFill[] = [];
  for (const entity of model.entities) {
    if (entity.count === undefined) fills.push({ kind: 'entity', name: entity.name, field: 'count', value: ASSUMED_DEFAULTS.count });
  }
  for (const pattern of model.accessPatterns) {
    if (pattern.rate === undefined) fills.push({ kind: 'pattern', name: pattern.name, field: 'rate', value: ASSUMED_DEFAULTS.readRate });
  }
  for (const path of model.writePaths) {
    if (path.rate === undefined) fills.push({ kind: 'writePath', name: path.name, field: 'rate', value: ASSUMED_DEFAULTS.writeRate[path.kind] });
  }
  const taken = new Set([...model.accessPatterns.map((pattern) => pattern.name), ...model.writePaths.map((path) => path.name)]);
  for (const writePath of assumedWritePaths(model, taken)) fills.push({ kind: 'newWritePath', writePath });
  return fills;
}

function withAssumed<Field extends string>(list: readonly Field[] | undefined, field: Field): Field[] {
  return list?.includes(field) === true ? [...list] : [...(list ?? []), field];
}

/** The model with every missing figure filled and marked assumed; the designer's models come out this way. */
export function withAssumptions(model: Model): Model {
  const fills = assumedFills(model);
  if (fills.length === 0) return model;
  // The assumed value of each missing figure, by "kind name".
  const values = new Map(fills.flatMap((fill) => (fill.kind === 'newWritePath' ? [] : [[`${fill.kind} ${fill.name}`, fill.value] as const])));
  const entities = model.entities.map((entity): EntitySpec => {
    const count = values.get(`entity ${entity.name}`);
    return count === undefined ? entity : { ...entity, count, assumed: withAssumed(entity.assumed, 'count') };
  });
  const accessPatterns = model.accessPatterns.map((pattern): AccessPatternSpec => {
    const rate = values.get(`pattern ${pattern.name}`);
    return rate === undefined ? pattern : { ...pattern, rate, assumed: withAssumed(pattern.assumed, 'rate') };
  });
  const writePaths = model.writePaths.map((path): WritePathSpec => {
    const rate = values.get(`writePath ${path.name}`);
    return rate === undefined ? path : { ...path, rate, assumed: withAssumed(path.assumed, 'rate') };
  });
  for (const fill of fills) if (fill.kind === 'newWritePath') writePaths.push(fill.writePath);
  return { ...model, entities, accessPatterns, writePaths };
}

/** A new write path in the file form: no empty attribute list. */
function writePathForm(path: WritePathSpec): { [key: string]: ModelEditValue } {
  return {
    name: path.name,
    entity: path.entity,
    kind: path.kind,
    ...(path.attributes.length > 0 ? { attributes: [...path.attributes] } : {}),
    ...(path.rate !== undefined ? { rate: path.rate } : {}),
    ...(path.description !== undefined ? { description: path.description } : {}),
    ...(path.assumed !== undefined ? { assumed: [...path.assumed] } : {}),
  };
}

/**
 * The same fills as model edits, for the model file's text (applyModelEditsToText
 * keeps its comments and order): each missing figure set and added to its
 * object's `assumed:` list, and the assumed write paths appended.
 */
export function assumptionEdits(model: Model): ModelEdit[] {
  const edits: ModelEdit[] = [];
  const newPaths: WritePathSpec[] = [];
  for (const fill of assumedFills(model)) {
    if (fill.kind === 'newWritePath') {
      newPaths.push(fill.writePath);
      continue;
    }
    const [section, object] =
      fill.kind === 'entity'
        ? (['entities', model.entities.find((entity) => entity.name === fill.name)] as const)
        : fill.kind === 'pattern'
          ? (['accessPatterns', model.accessPatterns.find((pattern) => pattern.name === fill.name)] as const)
          : (['writePaths', model.writePaths.find((path) => path.name === fill.name)] as const);
    const assumed = withAssumed<string>(object?.assumed, fill.field);
    edits.push({ op: 'set', path: [section, fill.name, fill.field], value: fill.value });
    edits.push({ op: 'set', path: [section, fill.name, 'assumed'], value: assumed });
  }
  if (newPaths.length > 0) {
    // A file without write paths gets the whole list (a missing list would otherwise be made a map).
    if (model.writePaths.length === 0) edits.push({ op: 'set', path: ['writePaths'], value: newPaths.map(writePathForm) });
    else for (const path of newPaths) edits.push({ op: 'set', path: ['writePaths', path.name], value: writePathForm(path) });
  }
  return edits;
}
