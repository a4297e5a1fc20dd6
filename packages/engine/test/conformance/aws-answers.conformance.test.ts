/**
 * Where AWS answers otherwise than DynamoDB Local, the engine answers as AWS
 * (docs/dynamodb-rules.md#request-validation-messages): the required-parameter
 * messages, framework errors counted exactly with structures printed as AWS
 * prints them, per-Get validation through the cancellation reasons, and the
 * limits on key sizes, names and transactions. Each case gives Local's own
 * answer where it differs (docs/dynamodb-rules.md#where-dynamodb-local-differs).
 */
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
  TransactWriteItemsCommand,
  UpdateTableCommand,
  type AttributeValue,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { createTable, keySchema, rejection, refusal, S, stringAttributes, stringKeys } from './requests.js';
import { describeEachTarget, type ConformanceTarget } from './targets.js';

const B = (...bytes: number[]): AttributeValue => ({ B: Uint8Array.from(bytes) });

/** `expected` on the engine, `local` (when given) on DynamoDB Local. */
async function expectValidation(target: ConformanceTarget, request: Promise<unknown>, expected: string, local?: string): Promise<void> {
  const message = target.isDynamoDbLocal && local !== undefined ? local : expected;
  expect(await refusal(request)).toEqual({ name: 'ValidationException', message });
}

async function waitForIndex(target: ConformanceTarget, TableName: string, IndexName: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { Table } = await target.client.send(new DescribeTableCommand({ TableName }));
    const index = Table?.GlobalSecondaryIndexes?.find((gsi) => gsi.IndexName === IndexName);
    if (index?.IndexStatus === 'ACTIVE' && Table?.TableStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`index ${IndexName} did not become ACTIVE`);
}

describeEachTarget('AWS answers: required parameters and framework errors', (target) => {
  it('names the missing requestItems, TableName and Segment/TotalSegments as AWS does', async () => {
    const TableName = target.tableName('aws-req');
    await createTable(target, { TableName, ...stringKeys('pk') });
    await expectValidation(
      target,
      target.client.send(new BatchGetItemCommand({ RequestItems: {} })),
      'The requestItems parameter is required for BatchGetItem',
      'BatchGetItem must have some requests set',
    );
    await expectValidation(
      target,
      target.client.send(new BatchWriteItemCommand({ RequestItems: {} })),
      'The requestItems parameter is required for BatchWriteItem',
      'BatchWriteItem cannot have a null or no requests set',
    );
    const noName = { AttributeDefinitions: stringAttributes('pk'), KeySchema: keySchema('pk'), BillingMode: 'PAY_PER_REQUEST' } as CreateTableCommandInput;
    await expectValidation(
      target,
      target.client.send(new CreateTableCommand(noName)),
      "The parameter 'TableName' is required but was not present in the request",
      "Invalid table/index name.  Table/index names must be between 3 and 255 characters long, and may contain only the characters a-z, A-Z, 0-9, '_', '-', and '.'",
    );
    await expectValidation(
      target,
      target.client.send(new ScanCommand({ TableName, Segment: 5, TotalSegments: 5 })),
      'The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 5 is not less than TotalSegments: 5',
      "1 validation error detected: Value '5' at 'segment' failed to satisfy constraint: Member must have value less than or equal to 4",
    );
  });

  it('counts only the constraints that fail, with Query\'s odd Limit', async () => {
    const TableName = target.tableName('aws-frame');
    await createTable(target, { TableName, ...stringKeys('pk') });
    const partition = { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('a') } };
    await expectValidation(
      target,
      target.client.send(new QueryCommand({ TableName, ...partition, Select: 'INVALID_VALUE' as 'COUNT' })),
      "1 validation error detected: Value 'INVALID_VALUE' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]",
      'Select must be ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES, COUNT, or SPECIFIC_ATTRIBUTES',
    );
    await expectValidation(
      target,
      target.client.send(new QueryCommand({ TableName, ...partition, Limit: 0 })),
      "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
      'Limit must be greater than or equal to 1',
    );
    await expectValidation(
      target,
      target.client.send(new ScanCommand({ TableName, Limit: 0 })),
      "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
      'Limit must be greater than or equal to 1',
    );
    const keys = Array.from({ length: 101 }, (_, i) => ({ pk: S(`k${i}`) }));
    await expectValidation(
      target,
      target.client.send(new BatchGetItemCommand({ RequestItems: { [TableName]: { Keys: keys } } })),
      `1 validation error detected: Value at 'RequestItems.${TableName}.member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100`,
      'Too many items requested for the BatchGetItem call',
    );
    // An empty AttributesToGet breaks its minimum length; DynamoDB Local returns whole items.
    if (target.isDynamoDbLocal) await target.client.send(new ScanCommand({ TableName, AttributesToGet: [] }));
    else {
      await expectValidation(
        target,
        target.client.send(new ScanCommand({ TableName, AttributesToGet: [] })),
        "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1",
      );
      await expectValidation(
        target,
        target.client.send(new GetItemCommand({ TableName, Key: { pk: S('a') }, AttributesToGet: [] })),
        "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1",
      );
    }
  });

  it('prints structures as AWS does, never [object Object]', async () => {
    const TableName = target.tableName('aws-dump');
    await createTable(target, { TableName, ...stringKeys('pk') });
    const threeKeys = await refusal(
      target.client.send(
        new CreateTableCommand({
          TableName: target.tableName('aws-three'),
          AttributeDefinitions: stringAttributes('a', 'b', 'c'),
          KeySchema: [
            { AttributeName: 'a', KeyType: 'HASH' },
            { AttributeName: 'b', KeyType: 'RANGE' },
            { AttributeName: 'c', KeyType: 'RANGE' },
          ],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      ),
    );
    expect(threeKeys.message).toBe(
      target.isDynamoDbLocal
        ? 'Key Schema too big.  Key Schema must at most consist of the hash and range key of a table'
        : "1 validation error detected: Value '[KeySchemaElement(attributeName=a, keyType=HASH), KeySchemaElement(attributeName=b, keyType=RANGE), KeySchemaElement(attributeName=c, keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2",
    );
    const gets = Array.from({ length: 101 }, (_, i) => ({ Get: { TableName, Key: { pk: S(`k${i}`) } } }));
    const tooManyGets = await refusal(target.client.send(new TransactGetItemsCommand({ TransactItems: gets })));
    const puts = Array.from({ length: 101 }, (_, i) => ({ Put: { TableName, Item: { pk: S(`k${i}`) } } }));
    const tooManyPuts = await refusal(target.client.send(new TransactWriteItemsCommand({ TransactItems: puts })));
    if (target.isDynamoDbLocal) {
      expect(tooManyGets.message).toBe('Member must have length less than or equal to 100');
      expect(tooManyPuts.message).toBe('Member must have length less than or equal to 100');
    } else {
      const dump = (item: string) =>
        new RegExp(
          `^1 validation error detected: Value '\\[(com\\.amazonaws\\.dynamodb\\.v20120810\\.${item}@[0-9a-f]+(, )?){101}\\]' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100$`,
        );
      expect(tooManyGets.message).toMatch(dump('TransactGetItem'));
      expect(tooManyPuts.message).toMatch(dump('TransactWriteItem'));
    }
    expect(`${threeKeys.message}${tooManyGets.message}${tooManyPuts.message}`).not.toContain('[object Object]');
  });

  it('refuses a KeySchema naming one attribute twice in AWS\'s words', async () => {
    await expectValidation(
      target,
      target.client.send(
        new CreateTableCommand({
          TableName: target.tableName('aws-twice'),
          AttributeDefinitions: stringAttributes('a'),
          KeySchema: [
            { AttributeName: 'a', KeyType: 'HASH' },
            { AttributeName: 'a', KeyType: 'RANGE' },
          ],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      ),
      'Invalid KeySchema: Some index key attribute have no definition',
      'Two keys can not have the same name',
    );
  });
});

describeEachTarget('AWS answers: transactions', (target) => {
  it('cancels a TransactGetItems whose Get has an empty Key, with a ValidationError reason', async () => {
    const TableName = target.tableName('aws-tget');
    await createTable(target, { TableName, ...stringKeys('pk') });
    const error = await rejection(
      target.client.send(
        new TransactGetItemsCommand({ TransactItems: [{ Get: { TableName, Key: { pk: S('a') } } }, { Get: { TableName, Key: {} } }] }),
      ),
    );
    expect(error.name).toBe('TransactionCanceledException');
    // DynamoDB Local cancels too, but with its own message and no reasons.
    if (target.isDynamoDbLocal) return;
    expect(error.message).toBe('Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]');
    expect(error.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ValidationError', Message: 'The provided key element does not match the schema' },
    ]);
  });

  it('refuses a TransactWriteItems over 4 MB, naming the running size that passed the limit', async () => {
    const TableName = target.tableName('aws-4mb');
    await createTable(target, { TableName, ...stringKeys('pk') });
    const body = 'x'.repeat(390_000);
    // Each item is 390,005 bytes ('pk' + 'aN' + 'd' + body; 'a10' one more); the eleventh brings the sum past 4 MB.
    const puts = Array.from({ length: 12 }, (_, i) => ({ Put: { TableName, Item: { pk: S(`a${i}`), d: S(body) } } }));
    await expectValidation(
      target,
      target.client.send(new TransactWriteItemsCommand({ TransactItems: puts })),
      'Transaction payload size cannot exceed 4MB. Payload Size: 4290056',
    );
    const { Count } = await target.client.send(new ScanCommand({ TableName, Select: 'COUNT' }));
    expect(Count).toBe(0);
  });

  it('checks the ClientRequestToken is 1 to 36 characters', async () => {
    const TableName = target.tableName('aws-token');
    await createTable(target, { TableName, ...stringKeys('pk') });
    const write = (ClientRequestToken: string) =>
      target.client.send(new TransactWriteItemsCommand({ ClientRequestToken, TransactItems: [{ Put: { TableName, Item: { pk: S('a') } } }] }));
    await write(globalThis.crypto.randomUUID());
    await expectValidation(
      target,
      write('y'.repeat(37)),
      `1 validation error detected: Value '${'y'.repeat(37)}' at 'clientRequestToken' failed to satisfy constraint: Member must have length less than or equal to 36`,
      `Value ${'y'.repeat(37)} at 'clientRequestToken' failed to satisfy constraint: Member must have length less than or equal to 36`,
    );
    // DynamoDB Local accepts an empty token.
    if (!target.isDynamoDbLocal) {
      await expectValidation(
        target,
        write(''),
        "1 validation error detected: Value '' at 'clientRequestToken' failed to satisfy constraint: Member must have length greater than or equal to 1",
      );
    }
  });
});

describeEachTarget('AWS answers: reads', (target) => {
  it('accepts legacy KeyConditions beside a ProjectionExpression or a FilterExpression', async () => {
    const TableName = target.tableName('aws-legacy');
    await createTable(target, { TableName, ...stringKeys('pk', 'sk') });
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: S('a'), sk: S('1'), x: S('keep'), y: S('y') } }));
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: S('a'), sk: S('2'), x: S('drop'), y: S('y') } }));
    const KeyConditions = { pk: { ComparisonOperator: 'EQ' as const, AttributeValueList: [S('a')] } };
    const projected = await target.client.send(new QueryCommand({ TableName, KeyConditions, ProjectionExpression: 'sk' }));
    expect(projected.Items).toEqual([{ sk: S('1') }, { sk: S('2') }]);
    const filtered = await target.client.send(
      new QueryCommand({ TableName, KeyConditions, FilterExpression: 'x = :x', ExpressionAttributeValues: { ':x': S('keep') } }),
    );
    expect(filtered.Items?.map((item) => item.sk)).toEqual([S('1')]);
  });

  it('finds binary sort keys that begin with 0xFF, 0xFF 0xFF … to the end of the partition', async () => {
    const TableName = target.tableName('aws-ff');
    await createTable(target, { TableName, AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'B' }], KeySchema: keySchema('pk', 'sk') });
    for (const sk of [B(0xfe, 0xff), B(0xff), B(0xff, 0x00), B(0xff, 0xff, 0xff)]) {
      await target.client.send(new PutItemCommand({ TableName, Item: { pk: S('a'), sk, x: sk } }));
    }
    const hex = (items: Record<string, AttributeValue>[] | undefined) => items?.map((item) => Buffer.from(item.sk!.B!).toString('hex'));
    const KeyConditions = {
      pk: { ComparisonOperator: 'EQ' as const, AttributeValueList: [S('a')] },
      sk: { ComparisonOperator: 'BEGINS_WITH' as const, AttributeValueList: [B(0xff)] },
    };
    expect(hex((await target.client.send(new QueryCommand({ TableName, KeyConditions }))).Items)).toEqual(['ff', 'ff00', 'ffffff']);
    const expression = (prefix: AttributeValue) =>
      target.client.send(
        new QueryCommand({ TableName, KeyConditionExpression: 'pk = :p AND begins_with(sk, :b)', ExpressionAttributeValues: { ':p': S('a'), ':b': prefix } }),
      );
    expect(hex((await expression(B(0xff, 0xff))).Items)).toEqual(['ffffff']);
    const filter = await target.client.send(
      new ScanCommand({ TableName, ScanFilter: { x: { ComparisonOperator: 'BEGINS_WITH', AttributeValueList: [B(0xff)] } } }),
    );
    expect(hex(filter.Items)?.sort()).toEqual(['ff', 'ff00', 'ffffff']);
  });

  it('refuses an ExclusiveStartKey that does not fit the table or the index', async () => {
    const TableName = target.tableName('aws-esk');
    await createTable(target, {
      TableName,
      AttributeDefinitions: stringAttributes('pk', 'sk', 'g'),
      KeySchema: keySchema('pk', 'sk'),
      GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: keySchema('g', 'sk'), Projection: { ProjectionType: 'ALL' } }],
    });
    const scan = (input: Record<string, unknown>) => target.client.send(new ScanCommand({ TableName, ...input }));
    await expectValidation(target, scan({ ExclusiveStartKey: { zz: S('a') } }), "Exclusive Start Key must have same size as table's key schema");
    await expectValidation(target, scan({ ExclusiveStartKey: { pk: { N: '1' }, sk: S('a') } }), 'Type mismatch for attribute to update');
    await expectValidation(
      target,
      scan({ ExclusiveStartKey: { pk: S('a'), zz: S('a') } }),
      'The provided starting key is invalid: The provided key element does not match the schema',
      'The provided starting key is invalid',
    );
    await expectValidation(target, scan({ IndexName: 'byG', ExclusiveStartKey: { pk: S('a'), sk: S('a') } }), 'The provided starting key is invalid');
    await expectValidation(target, scan({ IndexName: 'byG', ExclusiveStartKey: { pk: S('a'), sk: S('a'), g: { N: '1' } } }), 'Type mismatch for attribute to update');
    await expectValidation(
      target,
      target.client.send(
        new QueryCommand({ TableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('a') }, ExclusiveStartKey: { pk: S('b'), sk: S('a') } }),
      ),
      'The provided starting key does not match the range key predicate',
    );
  });

  it('charges a consistent Scan twice what an eventually consistent one costs', async () => {
    const TableName = target.tableName('aws-scan-cu');
    await createTable(target, { TableName, ...stringKeys('pk') });
    for (let i = 0; i < 3; i++) await target.client.send(new PutItemCommand({ TableName, Item: { pk: S(`k${i}`), d: S('x'.repeat(3000)) } }));
    const units = async (ConsistentRead: boolean) =>
      (await target.client.send(new ScanCommand({ TableName, ConsistentRead, ReturnConsumedCapacity: 'TOTAL' }))).ConsumedCapacity?.CapacityUnits;
    expect(await units(false)).toBe(1.5);
    expect(await units(true)).toBe(3);
  });
});

describeEachTarget('AWS answers: keys, names and indexes', (target) => {
  it('refuses index key values over 2048 (partition) and 1024 (sort) bytes on write', async () => {
    const TableName = target.tableName('aws-idxsize');
    await createTable(target, {
      TableName,
      AttributeDefinitions: stringAttributes('pk', 'g', 'h'),
      KeySchema: keySchema('pk'),
      GlobalSecondaryIndexes: [{ IndexName: 'byGH', KeySchema: keySchema('g', 'h'), Projection: { ProjectionType: 'KEYS_ONLY' } }],
    });
    const put = (g: string, h: string) => target.client.send(new PutItemCommand({ TableName, Item: { pk: S('a'), g: S(g), h: S(h) } }));
    await put('g'.repeat(2048), 'h'.repeat(1024));
    // DynamoDB Local stops after "Size limit exceeded", as it does for type mismatches.
    await expectValidation(
      target,
      put('g'.repeat(2049), 'h'),
      'One or more parameter values were invalid: Size limit exceeded for Index Key g Actual Size: 2049 bytes Max Size: 2048 bytes IndexName: byGH',
      'One or more parameter values were invalid: Size limit exceeded',
    );
    await expectValidation(
      target,
      put('g', 'h'.repeat(1025)),
      'One or more parameter values were invalid: Size limit exceeded for Index Key h Actual Size: 1025 bytes Max Size: 1024 bytes IndexName: byGH',
      'One or more parameter values were invalid: Size limit exceeded',
    );
  });

  it('leaves out of a new GSI the items whose key is empty or too large', async () => {
    const TableName = target.tableName('aws-backfill');
    await createTable(target, { TableName, ...stringKeys('pk') });
    const items: [string, string, string][] = [
      ['empty', '', 'q'],
      ['long-partition', 'y'.repeat(2049), 'q'],
      ['long-sort', 'h', 'z'.repeat(1025)],
      ['fits', 'h', 'q'],
      ['at-limits', 'y'.repeat(2048), 'z'.repeat(1024)],
    ];
    for (const [pk, h, hs] of items) await target.client.send(new PutItemCommand({ TableName, Item: { pk: S(pk), h: S(h), hs: S(hs) } }));
    await target.client.send(
      new UpdateTableCommand({
        TableName,
        AttributeDefinitions: stringAttributes('h', 'hs'),
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: 'byH', KeySchema: keySchema('h', 'hs'), Projection: { ProjectionType: 'KEYS_ONLY' } } }],
      }),
    );
    await waitForIndex(target, TableName, 'byH');
    const { Items } = await target.client.send(new ScanCommand({ TableName, IndexName: 'byH' }));
    // AWS's backfill skips index key values over the size limits too; DynamoDB Local skips only the empty one.
    const expected = target.isDynamoDbLocal ? ['at-limits', 'fits', 'long-partition', 'long-sort'] : ['at-limits', 'fits'];
    expect(Items?.map((item) => item.pk!.S).sort()).toEqual(expected);
  });

  it('refuses an index without AttributeDefinitions and projected names over 255 characters', async () => {
    const TableName = target.tableName('aws-idxdef');
    await createTable(target, { TableName, ...stringKeys('pk') });
    const undefinedKey = await refusal(
      target.client.send(
        new UpdateTableCommand({
          TableName,
          GlobalSecondaryIndexUpdates: [{ Create: { IndexName: 'byH', KeySchema: keySchema('h'), Projection: { ProjectionType: 'ALL' } } }],
        }),
      ),
    );
    expect(undefinedKey).toEqual({
      name: 'ValidationException',
      message: target.isDynamoDbLocal
        ? 'No Attribute Schema Defined'
        : 'One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [h], AttributeDefinitions: [pk]',
    });
    const include = (name: string) =>
      target.client.send(
        new CreateTableCommand({
          TableName: target.tableName('aws-include'),
          AttributeDefinitions: stringAttributes('pk', 'g'),
          KeySchema: keySchema('pk'),
          BillingMode: 'PAY_PER_REQUEST',
          GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: keySchema('g'), Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [name] } }],
        }),
      );
    await expectValidation(target, include('z'.repeat(256)), 'Names of key attributes and attributes projected into an index must be between 1 and 255 characters, inclusive');
    await include('z'.repeat(255));
  });

  it('refuses attribute names that are empty or over 64 KB', async () => {
    const TableName = target.tableName('aws-names');
    await createTable(target, { TableName, ...stringKeys('pk') });
    const put = (name: string) => target.client.send(new PutItemCommand({ TableName, Item: { pk: S('a'), [name]: S('x') } }));
    await expectValidation(target, put(''), 'Empty attribute name');
    // DynamoDB Local fails with an internal error on a name this long, even at 64 KB.
    if (target.isDynamoDbLocal) return;
    await put('n'.repeat(65_535));
    await expectValidation(target, put('n'.repeat(65_536)), 'One or more parameter values were invalid: Attribute name exceeds the maximum length of 65535 bytes');
    await expectValidation(target, put('é'.repeat(32_768)), 'One or more parameter values were invalid: Attribute name exceeds the maximum length of 65535 bytes');
  });

  it('answers DeleteTable with the table\'s description, DELETING on AWS', async () => {
    const TableName = target.tableName('aws-delete');
    await createTable(target, { TableName, ...stringKeys('pk') });
    await target.client.send(new PutItemCommand({ TableName, Item: { pk: S('a') } }));
    const { TableDescription } = await target.client.send(new DeleteTableCommand({ TableName }));
    expect(TableDescription).toMatchObject({
      TableName,
      BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' },
      TableStatus: target.isDynamoDbLocal ? 'ACTIVE' : 'DELETING',
    });
    expect(typeof TableDescription?.ItemCount).toBe('number');
    expect(typeof TableDescription?.TableSizeBytes).toBe('number');
    expect(TableDescription?.TableArn).toMatch(new RegExp(`:table/${TableName}$`));
    const gone = await rejection(target.client.send(new DescribeTableCommand({ TableName })));
    expect(gone.name).toBe('ResourceNotFoundException');
  });

  it('answers 4,096 nested parentheses with a ValidationException', async () => {
    const TableName = target.tableName('aws-parens');
    await createTable(target, { TableName, ...stringKeys('pk') });
    const nested = `${'('.repeat(4096)}a = :a${')'.repeat(4096)}`;
    await expectValidation(
      target,
      target.client.send(new ScanCommand({ TableName, FilterExpression: nested, ExpressionAttributeValues: { ':a': S('a') } })),
      'Invalid FilterExpression: Expression size has exceeded the maximum allowed size; expression size: 8198',
    );
  });
});
