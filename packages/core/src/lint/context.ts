/**
 * Everything the rules read, computed once: each entity's key templates with
 * the roles their key attributes play (table or index, partition or sort), and
 * each access pattern's meaning and plan.
 */
import { compileKeyTemplate } from '../keys/template.js';
import type { KeyTemplate } from '../keys/template.js';
import type { AttributeSpec, EntitySpec, KeyType, Model, TableSpec, WritePathSpec } from '../model/types.js';
import { analysePatterns } from './analysis.js';
import type { PatternAnalysis } from './analysis.js';

export interface KeyRole {
  readonly kind: 'table' | 'gsi' | 'lsi';
  /** Absent for the base table. */
  readonly index?: string;
  readonly part: 'partition' | 'sort';
  readonly type: KeyType;
}

export interface EntityKey {
  readonly keyAttribute: string;
  readonly text: string;
  /** Undefined when the template does not compile (see `error`). */
  readonly template?: KeyTemplate;
  readonly error?: string;
  /** The roles of this key attribute on the entity's table (one attribute can serve several indexes). */
  readonly roles: readonly KeyRole[];
  /** Attributes the key is written under (keysWhen), if sparse. */
  readonly when: Readonly<Record<string, string>>;
}

export interface EntityView {
  readonly entity: EntitySpec;
  readonly table?: TableSpec;
  readonly keys: readonly EntityKey[];
  readonly writePaths: readonly WritePathSpec[];
  attribute(name: string): AttributeSpec | undefined;
  key(keyAttribute: string): EntityKey | undefined;
}

export interface LintContext {
  readonly model: Model;
  readonly entities: readonly EntityView[];
  readonly patterns: readonly PatternAnalysis[];
  entity(name: string): EntityView | undefined;
  table(name: string): TableSpec | undefined;
}

/** Where each key attribute of a table is used, base table first. */
export function keyRolesOfTable(table: TableSpec): Map<string, KeyRole[]> {
  const roles = new Map<string, KeyRole[]>();
  const add = (name: string, role: KeyRole): void => {
    roles.set(name, [...(roles.get(name) ?? []), role]);
  };
  add(table.partitionKey.name, { kind: 'table', part: 'partition', type: table.partitionKey.type });
  if (table.sortKey) add(table.sortKey.name, { kind: 'table', part: 'sort', type: table.sortKey.type });
  for (const gsi of table.globalSecondaryIndexes) {
    // A multi-attribute key gives each of its attributes the role.
    for (const key of gsi.partitionKeys) add(key.name, { kind: 'gsi', index: gsi.name, part: 'partition', type: key.type });
    for (const key of gsi.sortKeys) add(key.name, { kind: 'gsi', index: gsi.name, part: 'sort', type: key.type });
  }
  for (const lsi of table.localSecondaryIndexes) {
    add(lsi.sortKey.name, { kind: 'lsi', index: lsi.name, part: 'sort', type: lsi.sortKey.type });
  }
  return roles;
}

function compile(text: string): { template?: KeyTemplate; error?: string } {
  try {
    return { template: compileKeyTemplate(text) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function entityView(model: Model, entity: EntitySpec): EntityView {
  const table = model.tables.find((candidate) => candidate.name === entity.table);
  const roles = table ? keyRolesOfTable(table) : new Map<string, KeyRole[]>();
  const keys: EntityKey[] = Object.entries(entity.keys).map(([keyAttribute, text]) => ({
    keyAttribute,
    text,
    ...compile(text),
    roles: roles.get(keyAttribute) ?? [],
    when: entity.keysWhen[keyAttribute] ?? {},
  }));
  const attributes = new Map(entity.attributes.map((attribute) => [attribute.name, attribute]));
  return {
    entity,
    ...(table ? { table } : {}),
    keys,
    writePaths: model.writePaths.filter((path) => path.entity === entity.name),
    attribute: (name) => attributes.get(name),
    key: (keyAttribute) => keys.find((key) => key.keyAttribute === keyAttribute),
  };
}

export function buildContext(model: Model): LintContext {
  const entities = model.entities.map((entity) => entityView(model, entity));
  const byName = new Map(entities.map((view) => [view.entity.name, view]));
  const base = {
    model,
    entities,
    entity: (name: string) => byName.get(name),
    table: (name: string) => model.tables.find((table) => table.name === name),
  };
  return { ...base, patterns: analysePatterns(base) };
}

/** Fields of a key template, or none when it does not compile. */
export function keyFields(key: EntityKey): readonly string[] {
  return key.template?.fields ?? [];
}
