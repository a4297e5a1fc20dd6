/**
 * TypeScript with the AWS SDK v3 low-level client: values stay in DynamoDB's
 * typed form, so numbers remain exact strings and sets keep their type.
 */
import { tsString } from './escape.js';
import { list, type ListStyle } from './layout.js';
import { fieldLiteral, type Literals } from './literals.js';
import { requestFields, type CodegenRequest } from './request.js';
import { encodeBase64 } from '../values/base64.js';

export const TS_STYLE: ListStyle = { trailingComma: true, indent: '  ' };

/** An object key: bare when it is an identifier; `__proto__` computed so it stays data. */
function tsKey(name: string): string {
  if (name === '__proto__') return "['__proto__']";
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : tsString(name);
}

function tsBytes(bytes: Uint8Array): string {
  return `Buffer.from(${tsString(encodeBase64(bytes))}, 'base64')`;
}

function tsObject(entries: ReadonlyArray<readonly [string, string]>): string {
  return list('{ ', entries.map(([key, value]) => `${tsKey(key)}: ${value}`), ' }', TS_STYLE);
}

/** Literals of the low-level client's typed values; the DocumentClient's file shares its strings, bytes and objects. */
export const TYPESCRIPT: Literals = {
  string: tsString,
  bytes: tsBytes,
  boolean: String,
  map: tsObject,
  typed: (tag, literal) => `{ ${tag}: ${literal} }`,
  typedList: (tag, items) => list(`{ ${tag}: [`, items, '] }', TS_STYLE),
};

/** The command input object literal, as passed to `new QueryCommand(…)`. */
export function typeScriptInput(request: CodegenRequest): string {
  const entries = requestFields(request.params).map((field) => [field.name, fieldLiteral(field, TYPESCRIPT)] as const);
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
