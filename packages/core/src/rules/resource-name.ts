/** DynamoDB's constraint on table and index names, in its request validation's words. */
import { MAX_RESOURCE_NAME_LENGTH, MIN_RESOURCE_NAME_LENGTH, RESOURCE_NAME_PATTERN, RESOURCE_NAME_PATTERN_TEXT } from './limits.js';

/** The constraints a name breaks, as DynamoDB words them ("Member must …"), in its order. */
export function resourceNameViolations(value: string): string[] {
  const broken: string[] = [];
  if (value.length < MIN_RESOURCE_NAME_LENGTH) broken.push(`Member must have length greater than or equal to ${MIN_RESOURCE_NAME_LENGTH}`);
  if (value.length > MAX_RESOURCE_NAME_LENGTH) broken.push(`Member must have length less than or equal to ${MAX_RESOURCE_NAME_LENGTH}`);
  if (!RESOURCE_NAME_PATTERN.test(value)) broken.push(`Member must satisfy regular expression pattern: ${RESOURCE_NAME_PATTERN_TEXT}`);
  return broken;
}

/** DynamoDB's whole validation message for a bad table or index name, or undefined. */
export function resourceNameProblem(value: string, path: 'tableName' | 'indexName'): string | undefined {
  const broken = resourceNameViolations(value);
  if (broken.length === 0) return undefined;
  const noun = broken.length === 1 ? 'error' : 'errors';
  return `${broken.length} validation ${noun} detected: ${broken.map((constraint) => `Value '${value}' at '${path}' failed to satisfy constraint: ${constraint}`).join('; ')}`;
}
