/**
 * TypeScript with the AWS SDK v3 DocumentClient (`@aws-sdk/lib-dynamodb`):
 * plain JavaScript values. A number a JS `number` cannot hold exactly becomes
 * `NumberValue.from('…')`, so the request stays lossless.
 */
import type { AttributeValue } from '../values/types.js';
import { tsString } from './escape.js';
import { list } from './layout.js';
import { fieldLiteral } from './literals.js';
import { requestFields, type CodegenRequest } from './request.js';
import { TS_STYLE, TYPESCRIPT } from './typescript.js';

/** Whether the decimal text survives a trip through a JS number unchanged. */
function isExactJsNumber(text: string): boolean {
  const number = Number(text);
  return String(number) === text && (!Number.isInteger(number) || Number.isSafeInteger(number));
}

class NativeWriter {
  usesNumberValue = false;

  number(text: string, exact: boolean): string {
    if (exact) return text;
    this.usesNumberValue = true;
    return `NumberValue.from(${tsString(text)})`;
  }

  value(value: AttributeValue): string {
    if ('S' in value) return tsString(value.S);
    if ('N' in value) return this.number(value.N, isExactJsNumber(value.N));
    if ('B' in value) return TYPESCRIPT.bytes(value.B);
    if ('BOOL' in value) return String(value.BOOL);
    if ('NULL' in value) return 'null';
    if ('M' in value) return this.map(value.M);
    if ('L' in value) return list('[', value.L.map((v) => this.value(v)), ']', TS_STYLE);
    if ('SS' in value) return list('new Set([', value.SS.map(tsString), '])', TS_STYLE);
    if ('BS' in value) return list('new Set([', value.BS.map(TYPESCRIPT.bytes), '])', TS_STYLE);
    // The marshaller types a number set by its first element, so all or none use NumberValue.
    const exact = value.NS.every(isExactJsNumber);
    return list('new Set([', value.NS.map((n) => this.number(n, exact)), '])', TS_STYLE);
  }

  map(map: Record<string, AttributeValue>): string {
    return TYPESCRIPT.map(Object.entries(map).map(([name, value]) => [name, this.value(value)]), 'values');
  }
}

/** The command input object literal with native values. */
export function documentClientInput(request: CodegenRequest): { literal: string; usesNumberValue: boolean } {
  const writer = new NativeWriter();
  const entries = requestFields(request.params).map((field) => `${field.name}: ${fieldLiteral(field, TYPESCRIPT, (map) => writer.map(map))}`);
  return { literal: list('{', entries, '}', { ...TS_STYLE, inlineWidth: 0 }), usesNumberValue: writer.usesNumberValue };
}

export function generateTypeScriptDocument(request: CodegenRequest): string {
  // lib-dynamodb names its commands without "Item": GetCommand, PutCommand, …
  const command = `${request.operation.replace(/Item$/, '')}Command`;
  const { literal, usesNumberValue } = documentClientInput(request);
  const imports = ['DynamoDBDocumentClient', command, ...(usesNumberValue ? ['NumberValue'] : [])];
  return [
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
    `import { ${imports.join(', ')} } from '@aws-sdk/lib-dynamodb';`,
    '',
    'const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));',
    '',
    `const response = await client.send(new ${command}(${literal}));`,
    'console.dir(response, { depth: null });',
    '',
  ].join('\n');
}
