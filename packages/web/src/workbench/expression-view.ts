/** The live expression view: the request's expression fields and ready programs in five languages. */
import { generateCode, type CodegenParams } from '@dynotable/core';

export const PROGRAM_LANGUAGES = [
  { id: 'typescript', label: 'TypeScript' },
  { id: 'python', label: 'Python' },
  { id: 'aws-cli', label: 'AWS CLI' },
  { id: 'java', label: 'Java' },
  { id: 'go', label: 'Go' },
] as const;

export type ProgramLanguage = (typeof PROGRAM_LANGUAGES)[number]['id'];

export interface ExpressionField {
  readonly name: string;
  readonly text: string;
}

/** The expression parameters that are set, in DynamoDB's names; names and values as JSON (values in wire form). */
export function expressionFields(params: CodegenParams, wire: Record<string, unknown>): ExpressionField[] {
  const fields: ExpressionField[] = [];
  for (const name of ['KeyConditionExpression', 'FilterExpression', 'ProjectionExpression'] as const) {
    const text = params[name];
    if (text !== undefined) fields.push({ name, text });
  }
  if (params.ExpressionAttributeNames !== undefined) {
    fields.push({ name: 'ExpressionAttributeNames', text: JSON.stringify(params.ExpressionAttributeNames, null, 2) });
  }
  if (wire['ExpressionAttributeValues'] !== undefined) {
    fields.push({ name: 'ExpressionAttributeValues', text: JSON.stringify(wire['ExpressionAttributeValues'], null, 2) });
  }
  return fields;
}

export function programFor(operation: 'Query' | 'Scan', params: CodegenParams, language: ProgramLanguage): string {
  try {
    return generateCode({ operation, params }, language);
  } catch (error) {
    return `// ${error instanceof Error ? error.message : String(error)}`;
  }
}
