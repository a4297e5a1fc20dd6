/**
 * Per entity: its interface, the conversions to and from stored items
 * (lossless numbers), and its key builders, sparse keys included.
 */
import type { AttributeSpec } from '../model/types.js';
import type { EntityInfo } from './entity-info.js';
import { templateExpression } from './key-code.js';
import type { RuntimeHelper } from './runtime-source.js';
import { attributeTsType, propertyAccess, propertyKey, tsLiteral, valueConversion } from './typescript-names.js';

function docComment(text: string | undefined, indent = ''): string {
  return text ? `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n` : '';
}

export function interfaceCode(info: EntityInfo): string {
  const lines = info.entity.attributes.map(
    (attribute) => `${docComment(attribute.description, '  ')}  ${propertyKey(attribute.name)}${attribute.required ? '' : '?'}: ${attributeTsType(attribute)};`,
  );
  return `${docComment(info.entity.description)}export interface ${info.typeName} {\n${lines.join('\n')}\n}`;
}

/** The stored form of one attribute value (`value` is a TypeScript expression). */
export function writeValueCode(attribute: AttributeSpec | undefined, value: string): string {
  if (!attribute) return value;
  switch (valueConversion(attribute)) {
    case 'numberText':
      return `writeNumberText(${value})`;
    case 'numberSet':
      return `writeNumberSet(${value})`;
    default:
      return value;
  }
}

function readValueCode(attribute: AttributeSpec, value: string): string {
  switch (valueConversion(attribute)) {
    case 'safeInteger':
      return `readSafeInteger(${value}, ${tsLiteral(attribute.name)})`;
    case 'numberText':
      return `readNumberText(${value})`;
    case 'numberSet':
      return `readNumberSet(${value})`;
    default:
      return value;
  }
}

export function convertersCode(info: EntityInfo): string {
  const { typeName } = info;
  const reads = info.entity.attributes.map((attribute) => {
    const raw = `raw[${tsLiteral(attribute.name)}]`;
    return `  if (${raw} !== undefined) item[${tsLiteral(attribute.name)}] = ${readValueCode(attribute, raw)};`;
  });
  const writes = info.entity.attributes.map((attribute) => {
    const value = propertyAccess('item', attribute.name);
    const stored = `stored[${tsLiteral(attribute.name)}] = ${writeValueCode(attribute, value)};`;
    return attribute.required ? `  ${stored}` : `  if (${value} !== undefined) ${stored}`;
  });
  return [
    `/** A stored item (numbers wrapped) as a ${typeName}: declared attributes only, key attributes left out. */`,
    `export function read${typeName}(raw: Record<string, unknown>): ${typeName} {`,
    '  const item: Record<string, unknown> = {};',
    ...reads,
    `  return item as unknown as ${typeName};`,
    '}',
    '',
    `/** A ${typeName}'s declared attributes as stored; key attributes are added by ${info.functionPrefix}Keys. */`,
    `export function write${typeName}(item: ${typeName}): Record<string, unknown> {`,
    '  const stored: Record<string, unknown> = {};',
    ...writes,
    '  return stored;',
    '}',
  ].join('\n');
}

/** `Pick<Player, 'a' | 'b'>`, or an empty object type when nothing is needed. */
export function pickType(typeName: string, fields: readonly string[]): string {
  if (fields.length === 0) return 'object';
  return `Pick<${typeName}, ${fields.map(tsLiteral).join(' | ')}>`;
}

export function keyBuilderName(info: EntityInfo, keyAttribute: string): string {
  return `${info.functionPrefix}KeyBuilders[${tsLiteral(keyAttribute)}]`;
}

/** A TypeScript condition saying whether the sparse key attribute is written for `target`. */
export function sparseConditionCode(info: EntityInfo, keyAttribute: string, target: string): string | undefined {
  const when = info.entity.keysWhen[keyAttribute];
  if (!when || Object.keys(when).length === 0) return undefined;
  return Object.entries(when)
    .map(([attribute, value]) => {
      const access = propertyAccess(target, attribute);
      return `(${access} !== undefined && String(${access}) === ${tsLiteral(value)})`;
    })
    .join(' && ');
}

export function keyBuildersCode(info: EntityInfo, used: Set<RuntimeHelper>): string {
  const { typeName, functionPrefix } = info;
  const builders = [...info.keyFields].map(([keyAttribute, fields]) => {
    const template = info.entity.keys[keyAttribute]!;
    const body = templateExpression(template, (field) => propertyAccess('item', field), used);
    return `  /** ${keyAttribute}: ${template.replace(/\*\//g, '*\\/')} */\n  ${propertyKey(keyAttribute)}: (item: ${pickType(typeName, fields)}): string => ${body},`;
  });
  const keyLines = [...info.keyFields.keys()].map((keyAttribute) => {
    const assign = `keys[${tsLiteral(keyAttribute)}] = ${keyBuilderName(info, keyAttribute)}(item);`;
    const condition = sparseConditionCode(info, keyAttribute, 'item');
    return condition ? `  if (${condition}) ${assign}` : `  ${assign}`;
  });
  const baseKey = [info.partitionKey, ...(info.sortKey ? [info.sortKey] : [])]
    .map((keyAttribute) => `${propertyKey(keyAttribute)}: ${keyBuilderName(info, keyAttribute)}(item)`)
    .join(', ');
  return [
    `/** Key templates of ${typeName}, one builder per key attribute. */`,
    `export const ${functionPrefix}KeyBuilders = {`,
    ...builders,
    '};',
    '',
    `/** Every key attribute of a ${typeName} item; sparse index keys only while their condition holds. */`,
    `export function ${functionPrefix}Keys(item: ${typeName}): Record<string, string> {`,
    '  const keys: Record<string, string> = {};',
    ...keyLines,
    '  return keys;',
    '}',
    '',
    `/** The table key of a ${typeName}. */`,
    `export function ${functionPrefix}BaseKey(item: ${pickType(typeName, info.baseKeyFields)}): Record<string, string> {`,
    `  return { ${baseKey} };`,
    '}',
  ].join('\n');
}
