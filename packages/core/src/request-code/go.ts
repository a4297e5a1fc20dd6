/**
 * Go with the AWS SDK for Go v2: `types.AttributeValueMember*` values, numbers
 * as strings, binary as byte-string literals.
 */
import { byteStringBody, goString } from './escape.js';
import { indentTail, list, type ListStyle } from './layout.js';
import { attributeMapLiteral, namesLiteral, type Literals } from './literals.js';
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
const goBytes = (bytes: Uint8Array) => `[]byte("${byteStringBody(bytes, '"')}")`;

const member = (type: string, value: string) => `&types.AttributeValueMember${type}{Value: ${value}}`;

/** The Go slice type each list or set holds. */
const SLICE = { L: '[]types.AttributeValue', SS: '[]string', NS: '[]string', BS: '[][]byte' } as const;

const GO: Literals = {
  string: goString,
  bytes: goBytes,
  boolean: String,
  map: (entries, of) => list(`map[string]${of === 'values' ? 'types.AttributeValue' : 'string'}{`, entries.map(([key, value]) => `${goString(key)}: ${value}`), '}', STYLE),
  typed: member,
  typedList: (tag, items) => member(tag, list(`${SLICE[tag]}{`, items, '}', STYLE)),
};

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
      return namesLiteral(field.value, GO);
    case 'values':
      return attributeMapLiteral(field.value, GO);
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
