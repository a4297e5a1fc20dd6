/**
 * Expands the file form (shorthands, maps keyed by name, omitted defaults) into
 * the normalised Model. It runs after the shape check, so it may trust types;
 * it still never throws on odd input, it only skips what it cannot read.
 */
import type {
  AccessPatternSpec,
  AttributeSpec,
  DeclaredType,
  EntityAssumedField,
  EntitySpec,
  GlobalIndexSpec,
  KeyAttribute,
  KeyType,
  LocalIndexSpec,
  Model,
  PatternAssumedField,
  Projection,
  ProvisionedThroughput,
  TableSpec,
  WriteKind,
  WritePathAssumedField,
  WritePathSpec,
} from './types.js';
import { pluralize } from './plural.js';
import { globalIndexSpec } from './global-index.js';

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A map keyed by name or a list of objects with `name`, as [name, body] pairs in declaration order. */
function namedEntries(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) {
    return value.map((item, index) => {
      if (isRecord(item)) {
        const { name, ...body } = item;
        return [typeof name === 'string' ? name : `#${index}`, body];
      }
      return [`#${index}`, item];
    });
  }
  if (isRecord(value)) return Object.entries(value);
  return [];
}

function optionalString(raw: Raw, key: string): string | undefined {
  const value = raw[key];
  return typeof value === 'string' ? value : undefined;
}

function optionalNumber(raw: Raw, key: string): number | undefined {
  const value = raw[key];
  // -0 means 0; JSON cannot even write it.
  return typeof value === 'number' ? value + 0 : undefined;
}

function optionalBoolean(raw: Raw, key: string): boolean | undefined {
  const value = raw[key];
  return typeof value === 'boolean' ? value : undefined;
}

/** Enum values, examples and keysWhen values: YAML reads `1` or `true` as scalars; they mean their text. */
function scalarText(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.map(scalarText) : undefined;
}

/** Copies only the defined optional fields, so normalised objects have no `undefined` properties. */
function withOptional<T extends object>(base: T, optional: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) out[key] = value;
  return out as T;
}

function expandKeyAttribute(value: unknown): KeyAttribute {
  if (typeof value === 'string') return { name: value, type: 'S' };
  const raw = isRecord(value) ? value : {};
  const type = raw['type'];
  return { name: optionalString(raw, 'name') ?? '', type: type === 'N' || type === 'B' ? type : ('S' as KeyType) };
}

function expandProjection(value: unknown): Projection {
  if (value === 'KEYS_ONLY') return { type: 'KEYS_ONLY' };
  if (Array.isArray(value)) return { type: 'INCLUDE', attributes: value.map(scalarText) };
  if (isRecord(value)) {
    if (value['type'] === 'KEYS_ONLY') return { type: 'KEYS_ONLY' };
    if (value['type'] === 'INCLUDE') return { type: 'INCLUDE', attributes: stringList(value['attributes']) ?? [] };
  }
  return { type: 'ALL' };
}

function expandProvisioned(value: unknown): ProvisionedThroughput | undefined {
  if (!isRecord(value)) return undefined;
  return { readUnits: optionalNumber(value, 'readUnits') ?? 0, writeUnits: optionalNumber(value, 'writeUnits') ?? 0 };
}

/**
 * A GSI key role: one attribute or a list of them (`partitionKey: [tenantId, region]`);
 * the normalised form's `partitionKeys` list, when given, holds them all (its
 * `partitionKey` is only the first; normalize checks the two agree).
 */
function expandKeyList(single: unknown, list: unknown): KeyAttribute[] {
  const given = list ?? single;
  if (given === undefined) return [];
  return Array.isArray(given) ? given.map(expandKeyAttribute) : [expandKeyAttribute(given)];
}

function expandGlobalIndex(name: string, value: unknown): GlobalIndexSpec {
  const raw = isRecord(value) ? value : {};
  const partitionKeys = expandKeyList(raw['partitionKey'], raw['partitionKeys']);
  const sortKeys = expandKeyList(raw['sortKey'], raw['sortKeys']);
  return globalIndexSpec(name, partitionKeys, sortKeys, expandProjection(raw['projection']), expandProvisioned(raw['provisioned']));
}

function expandLocalIndex(name: string, value: unknown): LocalIndexSpec {
  const raw = isRecord(value) ? value : {};
  return { name, sortKey: expandKeyAttribute(raw['sortKey']), projection: expandProjection(raw['projection']) };
}

function expandTable(name: string, value: unknown): TableSpec {
  const raw = isRecord(value) ? value : {};
  const sortKey = raw['sortKey'] === undefined ? undefined : expandKeyAttribute(raw['sortKey']);
  const tableClass = raw['tableClass'];
  return withOptional<TableSpec>(
    {
      name,
      partitionKey: expandKeyAttribute(raw['partitionKey']),
      billingMode: raw['billingMode'] === 'PROVISIONED' ? 'PROVISIONED' : 'PAY_PER_REQUEST',
      globalSecondaryIndexes: namedEntries(raw['globalSecondaryIndexes']).map(([n, v]) => expandGlobalIndex(n, v)),
      localSecondaryIndexes: namedEntries(raw['localSecondaryIndexes']).map(([n, v]) => expandLocalIndex(n, v)),
    },
    {
      sortKey,
      provisioned: expandProvisioned(raw['provisioned']),
      timeToLiveAttribute: optionalString(raw, 'timeToLiveAttribute'),
      tableClass: tableClass === 'STANDARD' || tableClass === 'STANDARD_INFREQUENT_ACCESS' ? tableClass : undefined,
    },
  );
}

function expandAttribute(name: string, value: unknown): AttributeSpec {
  if (typeof value === 'string') return { name, type: value as DeclaredType, mutable: false, unique: false, required: true };
  const raw = isRecord(value) ? value : {};
  return withOptional<AttributeSpec>(
    {
      name,
      type: (optionalString(raw, 'type') ?? 'string') as DeclaredType,
      mutable: optionalBoolean(raw, 'mutable') ?? false,
      unique: optionalBoolean(raw, 'unique') ?? false,
      required: optionalBoolean(raw, 'required') ?? true,
    },
    {
      format: optionalString(raw, 'format'),
      min: optionalNumber(raw, 'min'),
      max: optionalNumber(raw, 'max'),
      integer: optionalBoolean(raw, 'integer'),
      minLength: optionalNumber(raw, 'minLength'),
      maxLength: optionalNumber(raw, 'maxLength'),
      cardinality: optionalNumber(raw, 'cardinality'),
      values: stringList(raw['values']),
      examples: stringList(raw['examples']),
      averageBytes: optionalNumber(raw, 'averageBytes'),
      description: optionalString(raw, 'description'),
    },
  );
}

/** `assumed: [rate]`; an empty list says nothing, so it is left out. */
function assumedList<Field extends string>(raw: Raw): Field[] | undefined {
  const list = stringList(raw['assumed']);
  return list !== undefined && list.length > 0 ? (list as Field[]) : undefined;
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, text]) => [key, scalarText(text)]));
}

function expandEntity(name: string, value: unknown, onlyTable: string | undefined): EntitySpec {
  const raw = isRecord(value) ? value : {};
  const keysWhen = isRecord(raw['keysWhen'])
    ? Object.fromEntries(Object.entries(raw['keysWhen']).map(([key, condition]) => [key, stringRecord(condition)]))
    : {};
  return withOptional<EntitySpec>(
    {
      name,
      plural: optionalString(raw, 'plural') ?? pluralize(name),
      table: optionalString(raw, 'table') ?? onlyTable ?? '',
      attributes: namedEntries(raw['attributes']).map(([n, v]) => expandAttribute(n, v)),
      keys: stringRecord(raw['keys']),
      keysWhen,
    },
    {
      description: optionalString(raw, 'description'),
      count: optionalNumber(raw, 'count'),
      averageItemBytes: optionalNumber(raw, 'averageItemBytes'),
      assumed: assumedList<EntityAssumedField>(raw),
    },
  );
}

function expandAccessPattern(value: unknown): AccessPatternSpec {
  const raw = isRecord(value) ? value : {};
  return withOptional<AccessPatternSpec>(
    { name: optionalString(raw, 'name') ?? '', question: optionalString(raw, 'question') ?? '' },
    {
      order: optionalString(raw, 'order'),
      rate: optionalNumber(raw, 'rate'),
      consistentRead: optionalBoolean(raw, 'consistentRead'),
      expectedItems: optionalNumber(raw, 'expectedItems'),
      assumed: assumedList<PatternAssumedField>(raw),
    },
  );
}

function expandWritePath(value: unknown): WritePathSpec {
  const raw = isRecord(value) ? value : {};
  return withOptional<WritePathSpec>(
    {
      name: optionalString(raw, 'name') ?? '',
      entity: optionalString(raw, 'entity') ?? '',
      kind: (optionalString(raw, 'kind') ?? 'create') as WriteKind,
      attributes: stringList(raw['attributes']) ?? [],
    },
    { rate: optionalNumber(raw, 'rate'), description: optionalString(raw, 'description'), assumed: assumedList<WritePathAssumedField>(raw) },
  );
}

/** The model's name when the file gives none: the file name without folders and extension. */
function nameFromSource(source: string | undefined): string {
  const base = source?.split(/[\\/]/).pop()?.replace(/\.(ya?ml|json)$/i, '');
  return base !== undefined && base !== '' ? base : 'model';
}

export function expandModel(raw: Raw, source: string | undefined): Model {
  const tables = namedEntries(raw['tables']).map(([n, v]) => expandTable(n, v));
  const onlyTable = tables.length === 1 ? tables[0]!.name : undefined;
  return withOptional<Model>(
    {
      name: optionalString(raw, 'name') ?? nameFromSource(source),
      tables,
      entities: namedEntries(raw['entities']).map(([n, v]) => expandEntity(n, v, onlyTable)),
      accessPatterns: Array.isArray(raw['accessPatterns']) ? raw['accessPatterns'].map(expandAccessPattern) : [],
      writePaths: Array.isArray(raw['writePaths']) ? raw['writePaths'].map(expandWritePath) : [],
    },
    { description: optionalString(raw, 'description') },
  );
}
