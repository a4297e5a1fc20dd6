/** Inline model files for tests. */

/** The head of a model file whose one table has generic string keys PK and SK; the entities follow it. */
export function pkSkModelHead(model: string, table: string): string {
  return `name: ${model}
tables:
  ${table}:
    partitionKey: { name: PK, type: S }
    sortKey: { name: SK, type: S }
entities:
`;
}
