/**
 * Java with the AWS SDK for Java 2.x: request builders and the typed
 * `AttributeValue.fromX` factories; numbers as strings, binary from base64.
 */
import type { AttributeValue } from '../values/types.js';
import { javaString } from './escape.js';
import { indentTail, list, type ListStyle } from './layout.js';
import { lowerFirst, requestFields, requestHasBinary, type CodegenRequest, type RequestField } from './request.js';
import { encodeBase64 } from '../values/base64.js';

const STYLE: ListStyle = { trailingComma: false, indent: '    ' };

function javaBytes(bytes: Uint8Array): string {
  return `SdkBytes.fromByteArray(Base64.getDecoder().decode(${javaString(encodeBase64(bytes))}))`;
}

/** `Map.ofEntries` has no size limit, unlike `Map.of`. */
function javaMap(entries: ReadonlyArray<readonly [string, string]>): string {
  return list('Map.ofEntries(', entries.map(([key, value]) => `Map.entry(${javaString(key)}, ${value})`), ')', STYLE);
}

function javaAttributeValue(value: AttributeValue): string {
  if ('S' in value) return `AttributeValue.fromS(${javaString(value.S)})`;
  if ('N' in value) return `AttributeValue.fromN(${javaString(value.N)})`;
  if ('B' in value) return `AttributeValue.fromB(${javaBytes(value.B)})`;
  if ('BOOL' in value) return `AttributeValue.fromBool(${value.BOOL})`;
  if ('NULL' in value) return 'AttributeValue.fromNul(true)';
  if ('M' in value) return `AttributeValue.fromM(${javaAttributeMap(value.M)})`;
  if ('L' in value) return list('AttributeValue.fromL(List.of(', value.L.map(javaAttributeValue), '))', STYLE);
  if ('SS' in value) return list('AttributeValue.fromSs(List.of(', value.SS.map(javaString), '))', STYLE);
  if ('NS' in value) return list('AttributeValue.fromNs(List.of(', value.NS.map(javaString), '))', STYLE);
  return list('AttributeValue.fromBs(List.of(', value.BS.map(javaBytes), '))', STYLE);
}

function javaAttributeMap(map: Record<string, AttributeValue>): string {
  return javaMap(Object.entries(map).map(([name, value]) => [name, javaAttributeValue(value)]));
}

function javaFieldValue(field: RequestField): string {
  switch (field.kind) {
    case 'string':
    case 'enum':
      return javaString(field.value);
    case 'boolean':
    case 'integer':
      return String(field.value);
    case 'names':
      return javaMap(Object.entries(field.value).map(([key, name]) => [key, javaString(name)]));
    case 'values':
      return javaAttributeMap(field.value);
  }
}

export function generateJava(request: CodegenRequest): string {
  const { operation } = request;
  const builder = requestFields(request.params).map((field) => `.${lowerFirst(field.name)}(${javaFieldValue(field)})`);
  const model = 'software.amazon.awssdk.services.dynamodb.model';
  const binary = requestHasBinary(request.params);
  const imports = [
    ...(binary ? ['java.util.Base64'] : []),
    'java.util.List',
    'java.util.Map',
    ...(binary ? ['software.amazon.awssdk.core.SdkBytes'] : []),
    'software.amazon.awssdk.services.dynamodb.DynamoDbClient',
    `${model}.AttributeValue`,
    `${model}.${operation}Request`,
    `${model}.${operation}Response`,
  ];
  const chain = [`${operation}Request.builder()`, ...builder.map((call) => `    ${indentTail(call, '    ')}`), '    .build();'];
  return [
    ...imports.map((name) => `import ${name};`),
    '',
    `public class ${operation}Example {`,
    '    public static void main(String[] args) {',
    '        try (DynamoDbClient client = DynamoDbClient.create()) {',
    `            ${operation}Request request = ${indentTail(chain.join('\n'), '            ')}`,
    `            ${operation}Response response = client.${lowerFirst(operation)}(request);`,
    '            System.out.println(response);',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');
}
