/**
 * Python with boto3's low-level client: typed values, numbers as strings,
 * binary as `bytes` literals (boto3 does the base64 itself).
 */
import { byteStringBody, pyString } from './escape.js';
import { list, type ListStyle } from './layout.js';
import { fieldLiteral, type Literals } from './literals.js';
import { requestFields, splitWords, type CodegenRequest } from './request.js';

const STYLE: ListStyle = { trailingComma: true, indent: '    ' };

/** A `bytes` literal: printable ASCII as is, everything else as `\xNN`. */
const pyBytes = (bytes: Uint8Array) => `b'${byteStringBody(bytes, "'")}'`;

export const PYTHON: Literals = {
  string: pyString,
  bytes: pyBytes,
  boolean: (value) => (value ? 'True' : 'False'),
  map: (entries) => list('{', entries.map(([key, value]) => `${pyString(key)}: ${value}`), '}', STYLE),
  typed: (tag, literal) => `{'${tag}': ${literal}}`,
  typedList: (tag, items) => list(`{'${tag}': [`, items, ']}', STYLE),
};

export function generatePython(request: CodegenRequest): string {
  const args = requestFields(request.params).map((field) => `${field.name}=${fieldLiteral(field, PYTHON)}`);
  const call = list(`response = client.${splitWords(request.operation, '_')}(`, args, ')', { ...STYLE, inlineWidth: 0 });
  return ['import boto3', '', "client = boto3.client('dynamodb')", '', call, 'print(response)', ''].join('\n');
}
