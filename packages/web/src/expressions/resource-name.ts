/** DynamoDB's constraint on table and index names (3 to 255 of [a-zA-Z0-9_.-]), in its framework's words. */

export function resourceNameProblem(value: string, path: 'tableName' | 'indexName'): string | undefined {
  const broken: string[] = [];
  if (value.length < 3) broken.push('Member must have length greater than or equal to 3');
  if (value.length > 255) broken.push('Member must have length less than or equal to 255');
  if (!/^[a-zA-Z0-9_.-]+$/.test(value)) broken.push('Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+');
  if (broken.length === 0) return undefined;
  const noun = broken.length === 1 ? 'error' : 'errors';
  return `${broken.length} validation ${noun} detected: ${broken.map((constraint) => `Value '${value}' at '${path}' failed to satisfy constraint: ${constraint}`).join('; ')}`;
}
