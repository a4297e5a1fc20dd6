/** Key template rules: each names a key attribute of the entity's table, compiles, and uses declared attributes. */
import { compileKeyTemplate, KeyTemplateError } from '../../keys/template.js';
import type { ProblemList } from '../errors.js';
import { globalIndexKeys } from '../global-index.js';
import { findAttribute, keyAttributesOfTable } from '../lookup.js';
import { didYouMean, quotedNames } from '../suggest.js';
import type { EntitySpec, KeyAttribute, TableSpec } from '../types.js';

const SINGLE_FIELD = /^\{[^{}:]+\}$/;

function checkTemplate(problems: ProblemList, path: string, entity: EntitySpec, key: KeyAttribute, template: string): void {
  let fields: readonly string[];
  try {
    fields = compileKeyTemplate(template).fields;
  } catch (error) {
    if (!(error instanceof KeyTemplateError)) throw error;
    problems.add(path, `key template "${template}" does not compile: ${error.message}`);
    return;
  }
  // Templates build text; an N or B key holds one attribute's value as it is.
  if (key.type !== 'S' && !SINGLE_FIELD.test(template)) {
    const what = key.type === 'N' ? 'a number (N)' : 'a binary (B)';
    problems.add(path, `"${key.name}" is ${what} key attribute, so its template must be one plain field such as "{rating}", not "${template}"`);
  }
  const declared = entity.attributes.map((attribute) => attribute.name);
  for (const field of fields) {
    if (findAttribute(entity, field)) continue;
    problems.add(
      path,
      `key template "${template}" uses {${field}}, which ${entity.name} does not declare.${didYouMean(field, declared)} Declare it under attributes or fix the name.`,
    );
  }
}

/** An item has the table's keys; it appears in a GSI only when it has every one of that index's key attributes. */
function checkCompleteness(problems: ProblemList, path: string, entity: EntitySpec, table: TableSpec): void {
  const has = (key: KeyAttribute | undefined): boolean => key === undefined || entity.keys[key.name] !== undefined;
  for (const key of [table.partitionKey, table.sortKey]) {
    if (key && !has(key)) {
      problems.add(`${path}.${key.name}`, `no template for the table's ${key === table.partitionKey ? 'partition' : 'sort'} key "${key.name}"; every item needs it, so add one`);
    }
  }
  for (const index of table.globalSecondaryIndexes) {
    const keys = globalIndexKeys(index);
    if (keys.length < 2) continue;
    const written = keys.filter(has);
    if (written.length === 0 || written.length === keys.length) continue;
    const both = keys.length === 2 ? 'both' : `all ${keys.length} of its key attributes`;
    const writtenNames = written.map((key) => key.name).join(' and ');
    for (const missing of keys.filter((key) => !has(key))) {
      problems.add(
        `${path}.${missing.name}`,
        `${entity.name} writes ${writtenNames} but not ${missing.name}; an item appears in index ${index.name} only with ${both}, so add a template for ${missing.name} or remove ${writtenNames}`,
      );
    }
  }
}

function checkKeysWhen(problems: ProblemList, path: string, entity: EntitySpec, table: TableSpec): void {
  const tableKeys = [table.partitionKey.name, table.sortKey?.name];
  for (const [keyName, condition] of Object.entries(entity.keysWhen)) {
    const keyPath = `${path}.${keyName}`;
    if (tableKeys.includes(keyName)) {
      problems.add(keyPath, `"${keyName}" is a key of the table itself and every item needs it; keysWhen only makes index keys sparse`);
    } else if (entity.keys[keyName] === undefined) {
      problems.add(keyPath, `${entity.name} has no template for "${keyName}" in keys.${didYouMean(keyName, Object.keys(entity.keys))} keysWhen only applies to key attributes the entity writes.`);
    }
    if (Object.keys(condition).length === 0) {
      problems.add(keyPath, 'the condition is empty; give the attribute values that make the key present, such as `{ status: open }`');
    }
    for (const [attributeName, value] of Object.entries(condition)) {
      const attribute = findAttribute(entity, attributeName);
      const conditionPath = `${keyPath}.${attributeName}`;
      if (!attribute) {
        const declared = entity.attributes.map((each) => each.name);
        problems.add(conditionPath, `${entity.name} does not declare "${attributeName}".${didYouMean(attributeName, declared)} Declare it or fix the name.`);
      } else if (attribute.type === 'enum' && attribute.values && !attribute.values.includes(value)) {
        problems.add(conditionPath, `"${value}" is not a value of enum ${attributeName}.${didYouMean(value, attribute.values)} Use ${quotedNames(attribute.values)}.`);
      } else if (attribute.type === 'number' && !Number.isFinite(Number(value))) {
        problems.add(conditionPath, `${attributeName} is a number; the condition must be a number, not "${value}"`);
      } else if (attribute.type === 'boolean' && value !== 'true' && value !== 'false') {
        problems.add(conditionPath, `${attributeName} is a boolean; the condition must be true or false, not "${value}"`);
      }
    }
  }
}

export function checkEntityKeys(problems: ProblemList, entityPath: string, entity: EntitySpec, table: TableSpec): void {
  const path = `${entityPath}.keys`;
  const keyAttributes = keyAttributesOfTable(table);
  for (const [keyName, template] of Object.entries(entity.keys)) {
    const key = keyAttributes.get(keyName);
    if (!key) {
      problems.add(
        `${path}.${keyName}`,
        `"${keyName}" is not a key attribute of table ${table.name} or its indexes.${didYouMean(keyName, keyAttributes.keys())} Key attributes: ${quotedNames([...keyAttributes.keys()])}.`,
      );
      continue;
    }
    checkTemplate(problems, `${path}.${keyName}`, entity, key, template);
  }
  if (Object.keys(entity.keys).length > 0) checkCompleteness(problems, path, entity, table);
  checkKeysWhen(problems, `${entityPath}.keysWhen`, entity, table);
}
