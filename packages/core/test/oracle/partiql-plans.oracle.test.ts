/**
 * The planner's request reads what DynamoDB's PartiQL reads: random SELECTs
 * (key and non-key conditions, IN, an index, ORDER BY, projections) run on
 * DynamoDB Local as ExecuteStatement and, planned by core, as the GetItem,
 * Query or Scan requests of the plan. Both are refused alike, or return the
 * same items (in the same order when the statement orders them).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateTableCommand,
  DescribeTableCommand,
  ExecuteStatementCommand,
  GetItemCommand,
  QueryCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient, QueryCommandInput, ScanCommandInput } from '@aws-sdk/client-dynamodb';
import { compareScalars, evaluateCondition, isDynamoError, planStatement, projectItem } from '@dynotable/core';
import type { Item, PartiqlTableDescription, PlannedRequest, StatementPlan } from '@dynotable/core';
import { oracleClient, oracleUnavailable } from '../support/dynamodb-local.js';
import { deleteTable, partiqlOracleTableInput, putAll, uniqueTableName } from './tables.js';

const skip = oracleUnavailable();
let client: DynamoDBClient;
const table = uniqueTableName('partiql-plans');
let description: PartiqlTableDescription;

const ITEMS: Item[] = [];
for (const pk of ['a', 'b', 'c']) {
  for (let i = 0; i < 8; i++) {
    ITEMS.push({
      pk: { S: pk },
      sk: { S: `s${i}` },
      status: { S: i % 3 === 0 ? 'open' : 'closed' },
      n: { N: String((i * 7) % 10) },
      x: { N: String(i) },
      ...(i % 2 === 0 ? { note: { S: `note ${pk}${i}` } } : {}),
    });
  }
}

beforeAll(async () => {
  if (skip) return;
  client = oracleClient();
  await client.send(new CreateTableCommand(partiqlOracleTableInput(table)));
  await putAll(client, table, ITEMS);
  const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
  description = Table as PartiqlTableDescription;
});

afterAll(async () => {
  if (skip) return;
  await deleteTable(client, table);
  client.destroy();
});

const onTable = fc.record({
  index: fc.constant(false),
  conditions: fc.tuple(
    fc.option(fc.constantFrom(`pk = 'a'`, `pk = 'b'`, `pk IN ('a', 'c')`, `'c' = pk`, `pk > 'a'`), { nil: undefined }),
    fc.option(fc.constantFrom(`sk = 's3'`, `sk > 's2'`, `sk <= 's5'`, `sk BETWEEN 's1' AND 's4'`, `begins_with(sk, 's1')`, `sk <> 's2'`), { nil: undefined }),
    fc.subarray([`x >= 3`, `note IS MISSING`, `status = 'open'`, `contains(note, 'a')`, `x IN (1, 2, 6)`, `NOT n = 4`, `x = 2 OR x = 5`]),
  ),
  order: fc.option(fc.constantFrom('ORDER BY sk', 'ORDER BY sk DESC', 'ORDER BY pk', 'ORDER BY x'), { nil: undefined }),
});

const onIndex = fc.record({
  index: fc.constant(true),
  conditions: fc.tuple(
    fc.option(fc.constantFrom(`status = 'open'`, `status = 'closed'`, `status IN ('open', 'closed')`), { nil: undefined }),
    fc.option(fc.constantFrom(`n = 1`, `n > 3`, `n BETWEEN 2 AND 6`), { nil: undefined }),
    fc.subarray([`x >= 3`, `note IS NOT MISSING`, `pk = 'b'`]),
  ),
  order: fc.option(fc.constantFrom('ORDER BY n DESC', 'ORDER BY n', 'ORDER BY x'), { nil: undefined }),
});

const selectText = fc
  .tuple(fc.oneof(onTable, onIndex), fc.constantFrom('*', 'pk, sk, x', 'note, x'))
  .chain(([shape, projection]) => {
    const [partition, sort, filters] = shape.conditions;
    const all = [partition, sort, ...filters].filter((c): c is string => c !== undefined);
    return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }).map((conditions) => {
      const from = shape.index ? `"${table}"."byStatus"` : `"${table}"`;
      const where = conditions.length > 0 ? ` WHERE ${conditions.map((c) => (c.includes(' OR ') ? `(${c})` : c)).join(' AND ')}` : '';
      const order = shape.order !== undefined ? ` ${shape.order}` : '';
      return { text: `SELECT ${projection} FROM ${from}${where}${order}`, ordered: shape.order !== undefined };
    });
  });

type Outcome = { items: Item[] } | { refused: string };

async function viaPartiql(statement: string): Promise<Outcome> {
  const items: Item[] = [];
  let token: string | undefined;
  try {
    do {
      const page = await client.send(new ExecuteStatementCommand({ Statement: statement, NextToken: token }));
      items.push(...((page.Items ?? []) as Item[]));
      token = page.NextToken;
    } while (token !== undefined);
  } catch (error) {
    return { refused: (error as Error).message };
  }
  return { items };
}

async function runRequest(plan: StatementPlan, request: PlannedRequest): Promise<Item[]> {
  if (plan.operation === 'GetItem') {
    const { Item: found } = await client.send(new GetItemCommand(request as never));
    return found ? [found as Item] : [];
  }
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const input = { ...request, ExclusiveStartKey: start } as QueryCommandInput & ScanCommandInput;
    const page = await client.send(plan.operation === 'Query' ? new QueryCommand(input) : new ScanCommand(input));
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
}

async function viaPlan(statement: string): Promise<Outcome> {
  let plan: StatementPlan;
  try {
    plan = planStatement(statement, description);
  } catch (error) {
    if (isDynamoError(error)) return { refused: error.message };
    throw error;
  }
  let items: Item[] = [];
  for (const request of plan.requests) items.push(...(await runRequest(plan, request)));
  const after = plan.afterRead;
  if (after?.filter) items = items.filter((item) => evaluateCondition(after.filter!, item));
  const order = plan.sortAfterRead;
  if (order) {
    items.sort((a, b) => {
      for (const { name, descending } of order) {
        const c = compareScalars(a[name]!, b[name]!) ?? 0;
        if (c !== 0) return descending ? -c : c;
      }
      return 0;
    });
  }
  if (after?.projection) items = items.map((item) => projectItem(after.projection!, item));
  return { items };
}

function unordered(outcome: Outcome): Outcome {
  if ('refused' in outcome) return outcome;
  return { items: [...outcome.items].sort((a, b) => (JSON.stringify(sorted(a)) < JSON.stringify(sorted(b)) ? -1 : 1)).map(sorted) };
}

function sorted(item: Item): Item {
  return Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)));
}

describe.skipIf(skip)('planned requests against DynamoDB Local PartiQL', () => {
  it('read the same items as the statement, or are refused alike', async () => {
    const cases = fc.sample(selectText, { seed: 31337, numRuns: 120 });
    const differences: string[] = [];
    let read = 0;
    for (const { text, ordered } of cases) {
      const expected = await viaPartiql(text);
      const actual = await viaPlan(text);
      // DynamoDB Local fails some ordered filtered reads with an internal error, and answers others
      // (ORDER BY … DESC with a filter) with items of other partitions: nothing to compare.
      if ('refused' in expected && expected.refused.startsWith('The request processing has failed')) continue;
      if (/DESC$/.test(text) && / AND /.test(text)) continue;
      // Order is compared where DynamoDB defines it: one partition read by a Query. Across partitions
      // (IN, a Scan) the order of equal sort keys is DynamoDB Local's own.
      const oneQuery = ordered && /WHERE/.test(text) && !/ IN \('/.test(text) && 'items' in actual && !/pk > 'a'/.test(text);
      const same = oneQuery
        ? JSON.stringify('items' in expected ? { items: expected.items.map(sorted) } : expected) ===
          JSON.stringify('items' in actual ? { items: actual.items.map(sorted) } : actual)
        : JSON.stringify(unordered(expected)) === JSON.stringify(unordered(actual));
      if ('items' in expected) read++;
      if (!same) differences.push(`${text}\n  DynamoDB Local: ${JSON.stringify(expected).slice(0, 300)}\n  plan: ${JSON.stringify(actual).slice(0, 300)}`);
    }
    expect(differences).toEqual([]);
    // The sample must exercise reads, not only refusals.
    expect(read).toBeGreaterThan(40);
  });
});
