/**
 * TypeScript with the AWS SDK v3 low-level client: values stay in DynamoDB's
 * typed form, so numbers remain exact strings and sets keep their type.
 */
import type { AttributeValue } from '../values/types.js';
import { tsString } from './escape.js';
import { list, type ListStyle } from './layout.js';
import { requestFields, type CodegenRequest, type RequestField } from './request.js';
import { encodeBase64 } from '../values/base64.js';

export const TS_STYLE: ListStyle = { trailingComma: true, indent: '  ' };

/** An object key: bare when it is an identifier; `__proto__` computed so it stays data. */
function tsKey(name: string): string {
  if (name === '__proto__') return "['__proto__']";
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : tsString(name);
}

export function tsBytes(bytes: Uint8Array): string {
  return `Buffer.from(${tsString(encodeBase64(bytes))}, 'base64')`;
}

export function tsObject(entries: ReadonlyArray<readonly [string, string]>): string {
  return list('{ ', entries.map(([key, value]) => `${tsKey(key)}: ${value}`), ' }', TS_STYLE);
}

function tsAttributeValue(value: AttributeValue): string {
  if ('S' in value) return `{ S: ${tsString(value.S)} }`;
  if ('N' in value) return `{ N: ${tsString(value.N)} }`;
  if ('B' in value) return `{ B: ${tsBytes(value.B)} }`;
  if ('BOOL' in value) return `{ BOOL: ${value.BOOL} }`;
  if ('NULL' in value) return '{ NULL: true }';
  if ('M' in value) return `{ M: ${tsAttributeMap(value.M)} }`;
  if ('L' in value) return list('{ L: [', value.L.map(tsAttributeValue), '] }', TS_STYLE);
  if ('SS' in value) return list('{ SS: [', value.SS.map(tsString), '] }', TS_STYLE);
  if ('NS' in value) return list('{ NS: [', value.NS.map(tsString), '] }', TS_STYLE);
  return list('{ BS: [', value.BS.map(tsBytes), '] }', TS_STYLE);
}

function tsAttributeMap(map: Record<string, AttributeValue>): string {
  return tsObject(Object.entries(map).map(([name, value]) => [name, tsAttributeValue(value)]));
}

/** The literal of one parameter; `values` decides how attribute maps are written. */
export function tsFieldValue(field: RequestField, values: (map: Record<string, AttributeValue>) => string): string {
  switch (field.kind) {
    case 'string':
    case 'enum':
      return tsString(field.value);
    case 'boolean':
    case 'integer':
      return String(field.value);
    case 'names':
      return tsObject(Object.entries(field.value).map(([key, name]) => [key, tsString(name)]));
    case 'values':
      return values(field.value);
  }
}

/** The command input object literal, as passed to `new QueryCommand(…)`. */
export function typeScriptInput(request: CodegenRequest): string {
  const entries = requestFields(request.params).map((field) => [field.name, tsFieldValue(field, tsAttributeMap)] as const);
  return list('{', entries.map(([key, value]) => `${key}: ${value}`), '}', { ...TS_STYLE, inlineWidth: 0 });
}

export function generateTypeScript(request: CodegenRequest): string {
  const command = `${request.operation}Command`;
  return [
    `import { DynamoDBClient, ${command} } from '@aws-sdk/client-dynamodb';`,
    '',
    'const client = new DynamoDBClient({});',
    '',
    `const response = await client.send(new ${command}(${typeScriptInput(request)}));`,
    'console.dir(response, { depth: null });',
    '',
  ].join('\n');
}
