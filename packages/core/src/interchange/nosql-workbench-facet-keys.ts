/**
 * Key templates of one NoSQL Workbench facet, inferred from its sample items:
 * the base keys first (their fields, such as an alias, become known values),
 * then the index keys the facet lists. Binary keys get no template.
 */
import { compileKeyTemplate } from '../keys/template.js';
import type { KeyAttribute, TableSpec } from '../model/types.js';
import { inferKeyTemplate } from './key-template-inference.js';
import type { KeySample } from './key-template-inference.js';
import { tableKeyAttributeNames, tableKeyAttributes } from './table-keys.js';

/** An attribute value's text when it is an S or an N. */
function scalarText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record['S'] === 'string') return record['S'];
  if (typeof record['N'] === 'string') return record['N'];
  return undefined;
}

export interface FacetKeys {
  /** Templates by key attribute name. */
  readonly keys: Record<string, string>;
  /** How each was found, for the import's warning. */
  readonly notes: string[];
}

export function inferFacetKeys(
  items: readonly Record<string, unknown>[],
  table: TableSpec,
  partitionAlias: string,
  sortAlias: string | undefined,
  listed: readonly string[],
): FacetKeys {
  const keyNames = tableKeyAttributeNames(table);
  const keys: Record<string, string> = {};
  const notes: string[] = [];
  const baseKeys = new Set([table.partitionKey.name, table.sortKey?.name]);
  // Each sample's scalar attributes as text, plus the fields read from keys already inferred.
  const known = items.map((item) => {
  const attributes: Record<string, string> = {};
  for (const [other, value] of Object.entries(item)) {
    const text = scalarText(value);
    if (text !== undefined && !baseKeys.has(other)) attributes[other] = text;
  }
  return attributes;
  });
  /** A key's fields (an alias such as BookId) become known values for the keys inferred after it. */
  const learnFields = (template: string, attribute: string) => {
  let parse: ((key: string) => Record<string, string> | undefined) | undefined;
  try {
    parse = compileKeyTemplate(template).parse;
  } catch {
    return;
  }
  items.forEach((item, i) => {
    const key = scalarText(item[attribute]);
    const fields = key === undefined ? undefined : parse(key);
    for (const [name, value] of Object.entries(fields ?? {})) known[i]![name] ??= value;
  });
  };
  const inferKey = (attribute: string, alias: string, plainWhenSingleSegment = false) => {
  const samples: KeySample[] = items.flatMap((item, i) => {
    const key = scalarText(item[attribute]);
    if (key === undefined) return [];
    const attributes = { ...known[i] };
    delete attributes[attribute];
    return [{ key, attributes }];
  });
  const inferred = inferKeyTemplate(samples, alias, attribute, { plainWhenSingleSegment });
  keys[attribute] = inferred.template;
  learnFields(inferred.template, attribute);
  notes.push(
    inferred.source === 'samples'
      ? `${attribute} = ${inferred.template} (from ${samples.length} sample item${samples.length === 1 ? '' : 's'})`
      : inferred.source === 'prefix'
        ? `${attribute} = ${inferred.template} (constant prefix of the samples)`
        : `${attribute} = ${inferred.template} (no usable samples: the alias alone)`,
  );
  };
  // A binary key holds its value as is: no template, the attribute under the key's own name.
  const binaryKeys = new Map<string, KeyAttribute>();
  for (const key of tableKeyAttributes(table)) if (key.type === 'B') binaryKeys.set(key.name, key);
  const keyOrBinary = (attribute: string, alias: string, plainWhenSingleSegment = false) => {
  if (binaryKeys.has(attribute)) notes.push(`${attribute} is binary, stored as is`);
  else inferKey(attribute, alias, plainWhenSingleSegment);
  };
  keyOrBinary(table.partitionKey.name, partitionAlias);
  if (table.sortKey && sortAlias !== undefined) keyOrBinary(table.sortKey.name, sortAlias);
  for (const attribute of listed) if (keyNames.has(attribute) && keys[attribute] === undefined) keyOrBinary(attribute, attribute, true);
  return { keys, notes };
}
