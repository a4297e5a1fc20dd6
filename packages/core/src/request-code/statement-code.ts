/**
 * A PartiQL statement as ExecuteStatement: the SDK v3 command, boto3's
 * `execute_statement` and the AWS CLI's `execute-statement`, with the `?`
 * values as Parameters in DynamoDB's typed form.
 */
import type { AttributeValue } from '../values/types.js';
import { attributeValueToWire } from '../values/wire.js';
import { pyString, shellWord, tsString } from './escape.js';
import { list } from './layout.js';
import { attributeLiteral } from './literals.js';
import { PYTHON } from './python.js';
import { TS_STYLE, TYPESCRIPT } from './typescript.js';

export interface StatementRequest {
  readonly statement: string;
  readonly parameters?: readonly AttributeValue[] | undefined;
  readonly consistentRead?: boolean | undefined;
}

export const STATEMENT_LANGUAGES = ['typescript', 'python', 'aws-cli'] as const;
export type StatementLanguage = (typeof STATEMENT_LANGUAGES)[number];

function typeScript(request: StatementRequest): string {
  const parameters = request.parameters ?? [];
  const entries = [
    `Statement: ${tsString(request.statement)}`,
    ...(parameters.length > 0 ? [`Parameters: ${list('[', parameters.map((value) => attributeLiteral(value, TYPESCRIPT)), ']', TS_STYLE)}`] : []),
    ...(request.consistentRead === true ? ['ConsistentRead: true'] : []),
  ];
  return [
    "import { DynamoDBClient, ExecuteStatementCommand } from '@aws-sdk/client-dynamodb';",
    '',
    'const client = new DynamoDBClient({});',
    '',
    `const response = await client.send(new ExecuteStatementCommand(${list('{', entries, '}', { ...TS_STYLE, inlineWidth: 0 })}));`,
    'console.dir(response, { depth: null });',
    '',
  ].join('\n');
}

function python(request: StatementRequest): string {
  const parameters = request.parameters ?? [];
  const style = { trailingComma: true, indent: '    ' };
  const args = [
    `Statement=${pyString(request.statement)}`,
    ...(parameters.length > 0 ? [`Parameters=${list('[', parameters.map((value) => attributeLiteral(value, PYTHON)), ']', style)}`] : []),
    ...(request.consistentRead === true ? ['ConsistentRead=True'] : []),
  ];
  const call = list('response = client.execute_statement(', args, ')', { ...style, inlineWidth: 0 });
  return ['import boto3', '', "client = boto3.client('dynamodb')", '', call, 'print(response)', ''].join('\n');
}

function awsCli(request: StatementRequest): string {
  const parameters = request.parameters ?? [];
  const lines = ['aws dynamodb execute-statement', `  --statement ${shellWord(request.statement)}`];
  if (parameters.length > 0) lines.push(`  --parameters ${shellWord(JSON.stringify(parameters.map(attributeValueToWire)))}`);
  if (request.consistentRead === true) lines.push('  --consistent-read');
  return `${lines.join(' \\\n')}\n`;
}

const GENERATORS: Record<StatementLanguage, (request: StatementRequest) => string> = { typescript: typeScript, python, 'aws-cli': awsCli };

/** A ready-to-paste program (or AWS CLI command) running the statement with ExecuteStatement. */
export function generateStatementCode(request: StatementRequest, language: StatementLanguage): string {
  return GENERATORS[language](request);
}
