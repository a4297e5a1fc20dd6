/**
 * Each generated reader sends exactly the request the planner's requestForPlan
 * builds for the same arguments: key condition, filter, names, values, index,
 * direction and limit (Scan: the filter). The module runs with a client whose requests are
 * captured after marshalling and answered with an empty page.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestForPlan } from '../../src/design/index.js';
import { generateDataAccessModule } from '../../src/codegen/index.js';
import { sampleItems } from '../../src/codegen/sample-items.js';
import { writeBuildFiles } from './build-folder.js';
import { EXAMPLE_NAMES, examplePlans, loadExample } from './examples.js';

type Captured = Record<string, unknown>;

function capturingClient(captured: Captured[]): DynamoDBClient {
  const client = new DynamoDBClient({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  client.middlewareStack.add(
    () => async (args) => {
      captured.push((args as unknown as { input: Captured }).input);
      return { output: { $metadata: {}, Items: [] }, response: {} } as never;
    },
    { step: 'build', name: 'captureRequest' },
  );
  return client;
}

const COMPARED = ['TableName', 'IndexName', 'Key', 'KeyConditionExpression', 'FilterExpression', 'ExpressionAttributeNames', 'ExpressionAttributeValues', 'ScanIndexForward', 'ConsistentRead', 'Limit'];

/**
 * The compared fields, with each value placeholder in the expressions replaced
 * by its value: equal values may share one placeholder or not, which DynamoDB
 * treats alike.
 */
function comparable(params: Record<string, unknown>): Record<string, unknown> {
  const values = (params['ExpressionAttributeValues'] ?? {}) as Record<string, unknown>;
  const resolve = (text: unknown) => (typeof text === 'string' ? text.replace(/:v\d+/g, (key) => JSON.stringify(values[key])) : text);
  const fields = Object.fromEntries(COMPARED.filter((name) => params[name] !== undefined).map((name) => [name, params[name]]));
  delete fields['ExpressionAttributeValues'];
  for (const name of ['KeyConditionExpression', 'FilterExpression']) if (name in fields) fields[name] = resolve(fields[name]);
  return fields;
}

const EXPECTED_FIELD = { GetItem: 'Key', Query: 'KeyConditionExpression', Scan: 'TableName' } as const;

describe('generated readers send the planned request', () => {
  for (const name of EXAMPLE_NAMES) {
    it(name, async () => {
      const model = loadExample(name);
      const plans = examplePlans(name, model);
      const module = generateDataAccessModule(model, { plans });
      const paths = writeBuildFiles(`requests-${name}`, { [module.fileName]: module.source });
      const generated = (await import(paths[module.fileName]!)) as {
        createDataAccess(client: DynamoDBClient): Record<string, (args: Record<string, unknown>) => unknown>;
      };
      const captured: Captured[] = [];
      const data = generated.createDataAccess(capturingClient(captured));
      for (const plan of plans) {
        const entity = model.entities.find((candidate) => candidate.name === plan.entity)!;
        const table = model.tables.find((candidate) => candidate.name === entity.table)!;
        const range = plan.sort?.operator === 'between' ? plan.sort.rangeAttribute : undefined;
        // Arguments are required: take them from items that have every one.
        const items = sampleItems(entity, table, 12).filter((item) =>
          [...plan.parameters, ...(range !== undefined ? [range] : [])].every((name) => item[name] !== undefined || name === `${range}From` || name === `${range}To`),
        );
        await fc.assert(
          fc.asyncProperty(fc.nat(items.length - 1), fc.nat(items.length - 1), async (first, second) => {
            const args: Record<string, unknown> = {};
            for (const parameter of plan.parameters) args[parameter] = items[first]![parameter];
            if (range !== undefined) {
              args[`${range}From`] = items[first]![range];
              args[`${range}To`] = items[second]![range];
            }
            captured.length = 0;
            const result = data[plan.pattern]!(args);
            if (plan.operation === 'GetItem') await result;
            else for await (const item of result as AsyncIterable<unknown>) void item;
            expect(captured).toHaveLength(1);
            expect(captured[0]).toHaveProperty(EXPECTED_FIELD[plan.operation]);
            expect(comparable(captured[0]!)).toEqual(comparable(requestForPlan(model, plan, args).params as never));
          }),
          { numRuns: 20 },
        );
      }
    });
  }
});
