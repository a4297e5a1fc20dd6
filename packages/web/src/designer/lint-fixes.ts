/**
 * The linter's fixes that are mechanical, applied to the model: a key field
 * padded or widened, a date written sortably, a unique id appended to a base
 * key, an unused index removed, a consistent read dropped, a number stored as
 * a number. The others need a person (a new index, a different key) and get
 * no button. The model comes back changed; the page writes it out and lints again.
 */
import type { AccessPatternSpec, AttributeSpec, EntitySpec, LintFinding, Model, TableSpec } from '@dynotable/core';

export interface MechanicalFix {
  /** What the button says, short: "Use {rating:05}". */
  readonly label: string;
  readonly apply: (model: Model) => Model;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `{name}` (no format) or `{name:format}` (any format) of one field in a template. */
function fieldPattern(name: string, withFormat: 'none' | 'any'): RegExp {
  return new RegExp(`\\{${escape(name)}${withFormat === 'none' ? '' : ':[^}]*'}\\}`, 'g');
}

/** The first `{name:…}` the fix text proposes, e.g. `{rating:05}`. */
function proposedField(fix: string, name: string): string | undefined {
  return new RegExp(`\\{${escape(name)}:[^}\\s]+\\}`).exec(fix)?.[0];
}

function withEntity(model: Model, name: string, change: (entity: EntitySpec) => EntitySpec): Model {
  return { ...model, entities: model.entities.map((entity) => (entity.name === name ? change(entity) : entity)) };
}

function withKey(entity: EntitySpec, keyAttribute: string, change: (template: string) => string): EntitySpec {
  const template = entity.keys[keyAttribute];
  return template === undefined ? entity : { ...entity, keys: { ...entity.keys, [keyAttribute]: change(template) } };
}

function withAttribute(entity: EntitySpec, name: string, change: (attribute: AttributeSpec) => AttributeSpec): EntitySpec {
  return { ...entity, attributes: entity.attributes.map((attribute) => (attribute.name === name ? change(attribute) : attribute)) };
}

function withoutFormat(attribute: AttributeSpec): AttributeSpec {
  const { format: _format, ...rest } = attribute;
  return rest;
}

const entityOf = (model: Model, name: string | undefined) => (name === undefined ? undefined : model.entities.find((entity) => entity.name === name));

/** Replaces one field of one key template with `replacement`. */
function replaceField(finding: LintFinding, from: 'none' | 'any', replacement: string): MechanicalFix | undefined {
  const { entity, keyAttribute, attribute } = finding.location;
  if (entity === undefined || keyAttribute === undefined || attribute === undefined) return undefined;
  return {
    label: `Use ${replacement}`,
    apply: (model) => withEntity(model, entity, (spec) => withKey(spec, keyAttribute, (template) => template.replace(fieldPattern(attribute, from), replacement))),
  };
}

function digitsFor(attribute: AttributeSpec | undefined): number {
  if (attribute?.min === undefined && attribute?.max === undefined) return 10;
  return String(Math.trunc(Math.max(Math.abs(attribute.min ?? 0), Math.abs(attribute.max ?? 0)))).length;
}

function sortableDate(model: Model, finding: LintFinding): MechanicalFix | undefined {
  const { entity, keyAttribute, attribute } = finding.location;
  const spec = entityOf(model, entity)?.attributes.find((each) => each.name === attribute);
  if (entity === undefined || keyAttribute === undefined || spec === undefined) return undefined;
  const epoch = spec.format === 'epoch-seconds' ? '010' : spec.format === 'epoch-millis' ? '013' : undefined;
  const field = `{${spec.name}:${epoch ?? 'iso'}}`;
  return {
    label: epoch !== undefined ? `Use ${field}` : `Store ISO-8601, use ${field}`,
    apply: (current) =>
      withEntity(current, entity, (each) => {
        const keyed = withKey(each, keyAttribute, (template) => template.replace(fieldPattern(spec.name, 'any'), field));
        return epoch !== undefined ? keyed : withAttribute(keyed, spec.name, withoutFormat);
      }),
  };
}

function uniqueSuffix(model: Model, finding: LintFinding): MechanicalFix | undefined {
  const { entity, keyAttribute } = finding.location;
  const id = /#\{([^{}:]+)\} \(declare/.exec(finding.fix)?.[1];
  const spec = entityOf(model, entity);
  if (entity === undefined || keyAttribute === undefined || id === undefined || !spec?.attributes.some((each) => each.name === id)) return undefined;
  return {
    label: `Append #{${id}}`,
    apply: (current) => withEntity(current, entity, (each) => withAttribute(withKey(each, keyAttribute, (template) => `${template}#{${id}}`), id, (attribute) => ({ ...attribute, unique: true }))),
  };
}

function removeIndex(model: Model, finding: LintFinding): MechanicalFix | undefined {
  const name = finding.location.index;
  const table = model.tables.find((each) => each.globalSecondaryIndexes.some((index) => index.name === name) || each.localSecondaryIndexes.some((index) => index.name === name));
  if (name === undefined || table === undefined) return undefined;
  return { label: `Remove ${name}`, apply: (current) => withoutIndex(current, table.name, name) };
}

function keyNamesOf(table: TableSpec): Set<string> {
  return new Set([
    table.partitionKey.name,
    ...(table.sortKey ? [table.sortKey.name] : []),
    ...table.globalSecondaryIndexes.flatMap((index) => [index.partitionKey.name, ...(index.sortKey ? [index.sortKey.name] : [])]),
    ...table.localSecondaryIndexes.map((index) => index.sortKey.name),
  ]);
}

/** The table without the index, and its entities without the keys only that index used. */
export function withoutIndex(model: Model, tableName: string, indexName: string): Model {
  const tables = model.tables.map((table) =>
    table.name !== tableName
      ? table
      : {
          ...table,
          globalSecondaryIndexes: table.globalSecondaryIndexes.filter((index) => index.name !== indexName),
          localSecondaryIndexes: table.localSecondaryIndexes.filter((index) => index.name !== indexName),
        },
  );
  const before = keyNamesOf(model.tables.find((table) => table.name === tableName)!);
  const still = keyNamesOf(tables.find((table) => table.name === tableName)!);
  const dropped = [...before].filter((name) => !still.has(name));
  const entities = model.entities.map((entity) => {
    if (entity.table !== tableName) return entity;
    const keys = Object.fromEntries(Object.entries(entity.keys).filter(([name]) => !dropped.includes(name)));
    const keysWhen = Object.fromEntries(Object.entries(entity.keysWhen).filter(([name]) => !dropped.includes(name)));
    return { ...entity, keys, keysWhen };
  });
  return { ...model, tables, entities };
}

function eventualRead(finding: LintFinding): MechanicalFix | undefined {
  const name = finding.location.pattern;
  if (name === undefined) return undefined;
  const drop = (pattern: AccessPatternSpec): AccessPatternSpec => {
    const { consistentRead: _consistent, ...rest } = pattern;
    return rest;
  };
  return {
    label: 'Drop consistentRead',
    apply: (model) => ({ ...model, accessPatterns: model.accessPatterns.map((pattern) => (pattern.name === name ? drop(pattern) : pattern)) }),
  };
}

/** A number (format: number); where negative values sort in a key, also a key format that pads them. */
function storeAsNumber(model: Model, finding: LintFinding, pad: boolean): MechanicalFix | undefined {
  const { entity, attribute, keyAttribute } = finding.location;
  const spec = entityOf(model, entity)?.attributes.find((each) => each.name === attribute);
  if (entity === undefined || spec === undefined) return undefined;
  const field = `{${spec.name}:0${digitsFor(spec)}}`;
  return {
    label: pad && keyAttribute !== undefined ? `Store as a number, use ${field}` : 'Store as a number',
    apply: (current) =>
      withEntity(current, entity, (each) => {
        const typed = withAttribute(each, spec.name, (attributeSpec) => {
          const { examples: _examples, ...rest } = withoutFormat(attributeSpec);
          return { ...rest, type: 'number' };
        });
        return pad && keyAttribute !== undefined ? withKey(typed, keyAttribute, (template) => template.replace(fieldPattern(spec.name, 'none'), field)) : typed;
      }),
  };
}

/** The fix of a finding, when it can be applied without a person's choice. */
export function mechanicalFix(model: Model, finding: LintFinding): MechanicalFix | undefined {
  const attribute = finding.location.attribute;
  switch (finding.rule) {
    case 'unpadded-number-in-key': {
      const field = attribute === undefined ? undefined : proposedField(finding.fix, attribute);
      return field === undefined ? undefined : replaceField(finding, 'none', field);
    }
    case 'number-padding-too-narrow': {
      const field = attribute === undefined ? undefined : proposedField(finding.fix, attribute);
      return field === undefined ? undefined : replaceField(finding, 'any', field);
    }
    case 'non-sortable-date':
      return sortableDate(model, finding);
    case 'sort-key-collision':
      return uniqueSuffix(model, finding);
    case 'unused-index':
      return removeIndex(model, finding);
    case 'consistent-read-on-gsi':
      return eventualRead(finding);
    case 'number-stored-as-string':
      return storeAsNumber(model, finding, false);
    case 'naive-negative-padding':
      return storeAsNumber(model, finding, true);
    default:
      return undefined;
  }
}
