/**
 * A normalised GSI given back as input carries both `partitionKey` (the first
 * attribute) and `partitionKeys` (all of them); the list is read, so the two
 * must agree. Checked on the plain data, before the expansion keeps only the list.
 */
import type { ModelProblem } from './errors.js';

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key attribute's name and type as the file writes it (a bare name is an S). */
function keyText(value: unknown): string | undefined {
  if (typeof value === 'string') return `${value} (S)`;
  if (!isRecord(value) || typeof value['name'] !== 'string') return undefined;
  return `${value['name']} (${typeof value['type'] === 'string' ? value['type'] : 'S'})`;
}

function entries(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return value.map((item, i) => [isRecord(item) && typeof item['name'] === 'string' ? item['name'] : `#${i}`, item]);
  return isRecord(value) ? Object.entries(value) : [];
}

export function keyListProblems(raw: Raw): ModelProblem[] {
  const problems: ModelProblem[] = [];
  for (const [tableName, table] of entries(raw['tables'])) {
    if (!isRecord(table)) continue;
    for (const [indexName, index] of entries(table['globalSecondaryIndexes'])) {
      if (!isRecord(index)) continue;
      for (const [single, list] of [['partitionKey', 'partitionKeys'], ['sortKey', 'sortKeys']] as const) {
        const given = index[single];
        const all = index[list];
        if (given === undefined || !Array.isArray(all) || Array.isArray(given)) continue;
        const first = all.length > 0 ? keyText(all[0]) : undefined;
        if (keyText(given) !== first) {
          problems.push({
            path: `tables.${tableName}.globalSecondaryIndexes.${indexName}.${single}`,
            message: `is ${keyText(given) ?? 'unreadable'} but ${list} starts with ${first ?? 'nothing'}; ${single} is the first of ${list}, so make them agree (or give only ${single}, as one attribute or a list)`,
          });
        }
      }
    }
  }
  return problems;
}
