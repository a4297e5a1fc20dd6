/** Table rules: DynamoDB's names, limits and billing, and consistent key attribute types. */
import type { ProblemList } from '../errors.js';
import { MAX_GSI_KEY_ATTRIBUTES } from '../../rules/limits.js';
import type { GlobalIndexSpec, KeyAttribute, TableSpec } from '../types.js';
import { checkDynamoName, checkUnique } from './names.js';

const MAX_GSIS = 20;
const MAX_LSIS = 5;
const MAX_PROJECTED_ATTRIBUTES = 100;
const MAX_KEY_NAME_BYTES = 255;

function checkKeyName(problems: ProblemList, path: string, key: KeyAttribute): void {
  if (key.name === '') problems.add(path, 'the key attribute needs a name');
  else if (new TextEncoder().encode(key.name).length > MAX_KEY_NAME_BYTES) {
    problems.add(path, `key attribute name "${key.name.slice(0, 20)}…" is longer than ${MAX_KEY_NAME_BYTES} bytes; shorten it`);
  }
}

/** `partitionKey` for a one-attribute key, `partitionKey[1]` for the second attribute of a list. */
function keyPathPart(role: 'partitionKey' | 'sortKey', keys: readonly KeyAttribute[], position: number): string {
  return keys.length > 1 ? `${role}[${position}]` : role;
}

/** A GSI key: at most four attributes per role, each named once across both roles. */
function checkGlobalIndexKeys(problems: ProblemList, indexPath: string, index: GlobalIndexSpec): void {
  const seen = new Map<string, string>();
  for (const [role, keys, word] of [
    ['partitionKey', index.partitionKeys, 'partition'],
    ['sortKey', index.sortKeys, 'sort'],
  ] as const) {
    if (keys.length > MAX_GSI_KEY_ATTRIBUTES) {
      problems.add(
        `${indexPath}.${role}`,
        `${keys.length} ${word} key attributes; a GSI allows at most ${MAX_GSI_KEY_ATTRIBUTES} ${word} key attributes (and ${MAX_GSI_KEY_ATTRIBUTES} of the other role); drop some, or join parts into one attribute`,
      );
    }
    keys.forEach((key, position) => {
      const path = `${indexPath}.${keyPathPart(role, keys, position)}`;
      checkKeyName(problems, path, key);
      const earlier = seen.get(key.name);
      if (key.name !== '' && earlier !== undefined) {
        problems.add(
          path,
          role === 'sortKey' && earlier.startsWith('partitionKey') && keys.length === 1 && index.partitionKeys.length === 1
            ? `the sort key has the partition key's name "${key.name}"; give it another name`
            : `key attribute "${key.name}" is already in this index's key (${earlier}); each key attribute appears once, so remove one`,
        );
      } else if (key.name !== '') seen.set(key.name, keyPathPart(role, keys, position));
    });
  }
}

/** One attribute may key several indexes, but always with the same type (one AttributeDefinition). */
function checkKeyTypes(problems: ProblemList, path: string, table: TableSpec): void {
  const seen = new Map<string, { type: string; where: string }>();
  const note = (key: KeyAttribute | undefined, where: string): void => {
    if (!key) return;
    const earlier = seen.get(key.name);
    if (!earlier) seen.set(key.name, { type: key.type, where });
    else if (earlier.type !== key.type) {
      problems.add(
        `${path}.${where}`,
        `key attribute "${key.name}" is type ${key.type} here but ${earlier.type} in ${earlier.where}; an attribute has one type, so use the same in both`,
      );
    }
  };
  note(table.partitionKey, 'partitionKey');
  note(table.sortKey, 'sortKey');
  for (const index of table.globalSecondaryIndexes) {
    for (const [role, keys] of [['partitionKey', index.partitionKeys], ['sortKey', index.sortKeys]] as const) {
      keys.forEach((key, position) => note(key, `globalSecondaryIndexes.${index.name}.${keyPathPart(role, keys, position)}`));
    }
  }
  for (const index of table.localSecondaryIndexes) note(index.sortKey, `localSecondaryIndexes.${index.name}.sortKey`);
}

function checkBilling(problems: ProblemList, path: string, table: TableSpec): void {
  if (table.billingMode === 'PROVISIONED') {
    if (!table.provisioned) {
      problems.add(`${path}.provisioned`, 'a PROVISIONED table needs `provisioned: { readUnits, writeUnits }`; add it, or use billingMode PAY_PER_REQUEST');
    }
    for (const index of table.globalSecondaryIndexes) {
      if (!index.provisioned) {
        problems.add(
          `${path}.globalSecondaryIndexes.${index.name}.provisioned`,
          'each GSI of a PROVISIONED table needs its own `provisioned: { readUnits, writeUnits }`; add it',
        );
      }
    }
    return;
  }
  if (table.provisioned) {
    problems.add(`${path}.provisioned`, 'PAY_PER_REQUEST tables take no provisioned units; remove `provisioned` or set billingMode: PROVISIONED');
  }
  for (const index of table.globalSecondaryIndexes) {
    if (index.provisioned) {
      problems.add(
        `${path}.globalSecondaryIndexes.${index.name}.provisioned`,
        'a GSI of a PAY_PER_REQUEST table takes no provisioned units; remove `provisioned`',
      );
    }
  }
}

function checkProjectedCount(problems: ProblemList, path: string, table: TableSpec): void {
  const projected = new Set<string>();
  for (const index of [...table.globalSecondaryIndexes, ...table.localSecondaryIndexes]) {
    if (index.projection.type === 'INCLUDE') for (const name of index.projection.attributes) projected.add(name);
  }
  if (projected.size > MAX_PROJECTED_ATTRIBUTES) {
    problems.add(
      path,
      `the indexes INCLUDE ${projected.size} distinct attributes; DynamoDB allows ${MAX_PROJECTED_ATTRIBUTES} across all indexes of a table; project ALL or fewer attributes`,
    );
  }
}

function checkIndexes(problems: ProblemList, path: string, table: TableSpec): void {
  const gsis = table.globalSecondaryIndexes;
  const lsis = table.localSecondaryIndexes;
  if (gsis.length > MAX_GSIS) {
    problems.add(`${path}.globalSecondaryIndexes`, `${gsis.length} GSIs; DynamoDB allows ${MAX_GSIS} per table by default; overload fewer indexes (GSI1PK/GSI1SK) instead`);
  }
  if (lsis.length > MAX_LSIS) {
    problems.add(`${path}.localSecondaryIndexes`, `${lsis.length} LSIs; DynamoDB allows at most ${MAX_LSIS} per table; use GSIs for the others`);
  }
  if (lsis.length > 0 && !table.sortKey) {
    problems.add(`${path}.localSecondaryIndexes`, 'local secondary indexes need a table with a sort key; add `sortKey` to the table or use GSIs');
  }
  const indexNames = [...gsis.map((index) => index.name), ...lsis.map((index) => index.name)];
  checkUnique(problems, indexNames, (name) => `${path}.indexes.${name}`, 'index');
  for (const index of gsis) {
    const indexPath = `${path}.globalSecondaryIndexes.${index.name}`;
    checkDynamoName(problems, indexPath, 'index', index.name);
    checkGlobalIndexKeys(problems, indexPath, index);
  }
  for (const index of lsis) {
    const indexPath = `${path}.localSecondaryIndexes.${index.name}`;
    checkDynamoName(problems, indexPath, 'index', index.name);
    checkKeyName(problems, `${indexPath}.sortKey`, index.sortKey);
    if (index.sortKey.name === table.sortKey?.name) {
      problems.add(`${indexPath}.sortKey`, `the LSI's sort key is the table's own sort key "${index.sortKey.name}", so it would order items as the table does; give it another sort key attribute`);
    }
  }
}

export function checkTables(problems: ProblemList, tables: readonly TableSpec[]): void {
  if (tables.length === 0) problems.add('tables', 'the model has no table; declare at least one under `tables`');
  checkUnique(problems, tables.map((table) => table.name), (name) => `tables.${name}`, 'table');
  for (const table of tables) {
    const path = `tables.${table.name}`;
    checkDynamoName(problems, path, 'table', table.name);
    checkKeyName(problems, `${path}.partitionKey`, table.partitionKey);
    if (table.sortKey) {
      checkKeyName(problems, `${path}.sortKey`, table.sortKey);
      if (table.sortKey.name === table.partitionKey.name) {
        problems.add(`${path}.sortKey`, `the sort key has the partition key's name "${table.sortKey.name}"; give it another name (SK)`);
      }
    }
    checkIndexes(problems, path, table);
    checkKeyTypes(problems, path, table);
    checkBilling(problems, path, table);
    checkProjectedCount(problems, path, table);
  }
}
