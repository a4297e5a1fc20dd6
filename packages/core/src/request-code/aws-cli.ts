/**
 * The AWS CLI (v2) as a bash command. JSON parameters are single-quoted words,
 * in DynamoDB's wire form; CLI v2 reads binary in JSON as base64 by default.
 */
import { shellWord, visibleJson } from './escape.js';
import { requestFields, requestHasBinary, splitWords, type CodegenRequest, type RequestField } from './request.js';
import { itemToWire } from '../values/wire.js';

function flag(name: string): string {
  return `--${splitWords(name, '-')}`;
}

function cliArguments(field: RequestField): string[] {
  switch (field.kind) {
    case 'string':
    case 'enum':
      return [flag(field.name), shellWord(field.value)];
    case 'boolean':
      return [field.value ? flag(field.name) : flag(field.name).replace(/^--/, '--no-')];
    case 'integer':
      return [flag(field.name), String(field.value)];
    case 'names':
      return [flag(field.name), shellWord(visibleJson(field.value))];
    case 'values':
      return [flag(field.name), shellWord(visibleJson(itemToWire(field.value)))];
  }
}

export function generateAwsCli(request: CodegenRequest): string {
  const fields = requestFields(request.params);
  const lines = [`aws dynamodb ${splitWords(request.operation, '-')}`];
  for (const field of fields) lines.push(`  ${cliArguments(field).join(' ')}`);
  const note = requestHasBinary(request.params) ? '# Binary values are base64, as AWS CLI v2 reads them by default (cli_binary_format=base64).\n' : '';
  return note + lines.join(' \\\n') + '\n';
}
