/**
 * Python with boto3's low-level client: typed values, numbers as strings,
 * binary as `bytes` literals (boto3 does the base64 itself).
 */
import type { AttributeValue } from '../values/types.js';
import { pyString } from './escape.js';
import { list, type ListStyle } from './layout.js';
import { requestFields, splitWords, type CodegenRequest, type RequestField } from './request.js';

const STYLE: ListStyle = { trailingComma: true, indent: '    ' };

/** A `bytes` literal: printable ASCII as is, everything else as `\xNN`. */
function pyBytes(bytes: Uint8Array): string {
  let out = "b'";
  for (const byte of bytes) {
    if (byte === 0x5c || byte === 0x27) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return out + "'";
}

function pyDict(entries: ReadonlyArray<readonly [string, string]>): string {
  return list('{', entries.map(([key, value]) => `${pyString(key)}: ${value}`), '}', STYLE);
}

function pyAttributeValue(value: AttributeValue): string {
  if ('S' in value) return `{'S': ${pyString(value.S)}}`;
  if ('N' in value) return `{'N': ${pyString(value.N)}}`;
  if ('B' in value) return `{'B': ${pyBytes(value.B)}}`;
  if ('BOOL' in value) return `{'BOOL': ${value.BOOL ? 'True' : 'False'}}`;
  if ('NULL' in value) return "{'NULL': True}";
  if ('M' in value) return `{'M': ${pyAttributeMap(value.M)}}`;
  if ('L' in value) return list("{'L': [", value.L.map(pyAttributeValue), ']}', STYLE);
  if ('SS' in value) return list("{'SS': [", value.SS.map(pyString), ']}', STYLE);
  if ('NS' in value) return list("{'NS': [", value.NS.map(pyString), ']}', STYLE);
  return list("{'BS': [", value.BS.map(pyBytes), ']}', STYLE);
}

function pyAttributeMap(map: Record<string, AttributeValue>): string {
  return pyDict(Object.entries(map).map(([name, value]) => [name, pyAttributeValue(value)]));
}

function pyFieldValue(field: RequestField): string {
  switch (field.kind) {
    case 'string':
    case 'enum':
      return pyString(field.value);
    case 'boolean':
      return field.value ? 'True' : 'False';
    case 'integer':
      return String(field.value);
    case 'names':
      return pyDict(Object.entries(field.value).map(([key, name]) => [key, pyString(name)]));
    case 'values':
      return pyAttributeMap(field.value);
  }
}

export function generatePython(request: CodegenRequest): string {
  const args = requestFields(request.params).map((field) => `${field.name}=${pyFieldValue(field)}`);
  const call = list(`response = client.${splitWords(request.operation, '_')}(`, args, ')', { ...STYLE, inlineWidth: 0 });
  return ['import boto3', '', "client = boto3.client('dynamodb')", '', call, 'print(response)', ''].join('\n');
}
