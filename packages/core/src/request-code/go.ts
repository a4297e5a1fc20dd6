/**
 * Go with the AWS SDK for Go v2: `types.AttributeValueMember*` values, numbers
 * as strings, binary as byte-string literals.
 */
import type { AttributeValue } from '../values/types.js';
import { goString } from './escape.js';
import { indentTail, list, type ListStyle } from './layout.js';
import { requestFields, type CodegenRequest, type RequestField } from './request.js';

const STYLE: ListStyle = { trailingComma: true, indent: '\t' };

/** Go enum types of the string-valued enum parameters. */
const ENUM_TYPES: Record<string, string> = {
  Select: 'types.Select',
  ReturnValues: 'types.ReturnValue',
  ReturnConsumedCapacity: 'types.ReturnConsumedCapacity',
  ReturnValuesOnConditionCheckFailure: 'types.ReturnValuesOnConditionCheckFailure',
};

/** A `[]byte` conversion of a string literal holding the exact bytes. */
function goBytes(bytes: Uint8Array): string {
  let out = '"';
  for (const byte of bytes) {
    if (byte === 0x5c || byte === 0x22) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return `[]byte(${out}")`;
}

const member = (type: string, value: string) => `&types.AttributeValueMember${type}{Value: ${value}}`;

function goAttributeValue(value: AttributeValue): string {
  if ('S' in value) return member('S', goString(value.S));
  if ('N' in value) return member('N', goString(value.N));
  if ('B' in value) return member('B', goBytes(value.B));
  if ('BOOL' in value) return member('BOOL', String(value.BOOL));
  if ('NULL' in value) return member('NULL', 'true');
  if ('M' in value) return member('M', goAttributeMap(value.M));
  if ('L' in value) return member('L', list('[]types.AttributeValue{', value.L.map(goAttributeValue), '}', STYLE));
  if ('SS' in value) return member('SS', list('[]string{', value.SS.map(goString), '}', STYLE));
  if ('NS' in value) return member('NS', list('[]string{', value.NS.map(goString), '}', STYLE));
  return member('BS', list('[][]byte{', value.BS.map(goBytes), '}', STYLE));
}

function goMap(type: string, entries: ReadonlyArray<readonly [string, string]>): string {
  return list(`map[string]${type}{`, entries.map(([key, value]) => `${goString(key)}: ${value}`), '}', STYLE);
}

function goAttributeMap(map: Record<string, AttributeValue>): string {
  return goMap('types.AttributeValue', Object.entries(map).map(([name, value]) => [name, goAttributeValue(value)]));
}

function goFieldValue(field: RequestField): string {
  switch (field.kind) {
    case 'string':
      return `aws.String(${goString(field.value)})`;
    case 'enum':
      return `${ENUM_TYPES[field.name] ?? 'string'}(${goString(field.value)})`;
    case 'boolean':
      return `aws.Bool(${field.value})`;
    case 'integer':
      return `aws.Int32(${field.value})`;
    case 'names':
      return goMap('string', Object.entries(field.value).map(([key, name]) => [key, goString(name)]));
    case 'values':
      return goAttributeMap(field.value);
  }
}

export function generateGo(request: CodegenRequest): string {
  const fields = requestFields(request.params);
  const input = list(`&dynamodb.${request.operation}Input{`, fields.map((f) => `${f.name}: ${goFieldValue(f)}`), '}', {
    ...STYLE,
    inlineWidth: 0,
  });
  const usesTypes = fields.some((f) => f.kind === 'values' || f.kind === 'enum');
  return [
    'package main',
    '',
    'import (',
    '\t"context"',
    '\t"fmt"',
    '\t"log"',
    '',
    '\t"github.com/aws/aws-sdk-go-v2/aws"',
    '\t"github.com/aws/aws-sdk-go-v2/config"',
    '\t"github.com/aws/aws-sdk-go-v2/service/dynamodb"',
    ...(usesTypes ? ['\t"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"'] : []),
    ')',
    '',
    'func main() {',
    '\tcfg, err := config.LoadDefaultConfig(context.TODO())',
    '\tif err != nil {',
    '\t\tlog.Fatal(err)',
    '\t}',
    '\tclient := dynamodb.NewFromConfig(cfg)',
    '',
    `\tout, err := client.${request.operation}(context.TODO(), ${indentTail(input, '\t')})`,
    '\tif err != nil {',
    '\t\tlog.Fatal(err)',
    '\t}',
    '\tfmt.Printf("%+v\\n", out)',
    '}',
    '',
  ].join('\n');
}
