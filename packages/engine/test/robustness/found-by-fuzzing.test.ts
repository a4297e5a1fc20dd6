/**
 * One test per bug the wire fuzzer found: each input used to end in an
 * unexpected exception (a 500) and now gets DynamoDB's 400.
 */
import { isDynamoError } from '@dynotable/core';
import { describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine.js';
import { handleWireRequest } from '../../src/wire/protocol.js';

function engineWithTable(): Engine {
  const engine = createEngine();
  engine.execute('CreateTable', {
    TableName: 'things',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  return engine;
}

function failure(engine: Engine, operation: string, input: unknown): { name: string; message: string } {
  try {
    engine.execute(operation, input);
  } catch (error) {
    if (isDynamoError(error)) return { name: error.name, message: error.message };
    throw error;
  }
  throw new Error(`${operation} succeeded`);
}

const KEY = { pk: { S: 'a' } };

/** A signed PutItem as it arrives over HTTP, with `body` as text or as the bytes sent. */
function putItemOverHttp(body: string | Uint8Array) {
  return {
    method: 'POST',
    path: '/',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'DynamoDB_20120810.PutItem',
      authorization: 'AWS4-HMAC-SHA256 Credential=x/20260101/us-east-1/dynamodb/aws4_request, Signature=0',
    },
    body,
  };
}

describe('wrong JSON types in item and read requests: SerializationException', () => {
  const engine = engineWithTable();

  it.each([
    ['Query', { TableName: 'things', KeyConditionExpression: 'pk = :p', FilterExpression: {}, ExpressionAttributeValues: { ':p': { S: 'a' } } }],
    ['GetItem', { TableName: 'things', Key: KEY, ProjectionExpression: 5 }],
    ['UpdateItem', { TableName: 'things', Key: KEY, UpdateExpression: ['SET a = :v'] }],
    ['DeleteItem', { TableName: 'things', Key: KEY, ConditionExpression: true }],
    ['TransactWriteItems', { TransactItems: { Put: { TableName: 'things', Item: KEY } } }],
    ['TransactGetItems', { TransactItems: 'Get' }],
    ['BatchGetItem', { RequestItems: { things: { Keys: [KEY], ProjectionExpression: 1 } } }],
    ['Scan', { TableName: 'things', Segment: 'one', TotalSegments: 2 }],
  ])('%s', (operation, input) => {
    expect(failure(engine, operation, input).name).toBe('SerializationException');
  });

  it('names the problem as the deserializer does', () => {
    expect(failure(engine, 'GetItem', { TableName: 'things', Key: KEY, ProjectionExpression: 5 })).toEqual({
      name: 'SerializationException',
      message: 'class java.lang.Long can not be converted to an String',
    });
  });
});

describe('ExpressionAttributeNames with a null value', () => {
  it('is a ValidationException naming the key (measured on DynamoDB Local)', () => {
    const engine = engineWithTable();
    const input = {
      TransactItems: [
        {
          Update: {
            TableName: 'things',
            Key: KEY,
            UpdateExpression: 'SET #c = :v, #n = :v',
            ExpressionAttributeNames: { '#c': 'color', '#n': null },
            ExpressionAttributeValues: { ':v': { S: 'x' } },
          },
        },
      ],
    };
    expect(failure(engine, 'TransactWriteItems', input)).toEqual({
      name: 'ValidationException',
      message: 'ExpressionAttributeNames contains invalid value: null for key #n',
    });
  });
});

describe('a constraint message about request JSON that has its own toString member', () => {
  it('renders the value instead of failing', () => {
    const engine = createEngine();
    const keySchema = JSON.parse('[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"pk","KeyType":"HASH","toString":1},{"AttributeName":"pk","KeyType":"HASH"}]') as unknown;
    const answer = failure(engine, 'CreateTable', {
      TableName: 'things',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: keySchema,
      BillingMode: 'PAY_PER_REQUEST',
    });
    expect(answer.name).toBe('ValidationException');
    expect(answer.message).toContain('KeySchemaElement(attributeName=pk, keyType=HASH)');
    expect(answer.message).not.toContain('[object Object]');
  });
});

describe('invalid UTF-8 in a request body', () => {
  it('is a SerializationException, and nothing is written', () => {
    const engine = engineWithTable();
    const body = Buffer.concat([Buffer.from('{"TableName":"things","Item":{"pk":{"S":"a'), Buffer.from([0xc3]), Buffer.from('"}}}')]);
    const response = handleWireRequest(engine, putItemOverHttp(body));
    expect(response.status).toBe(400);
    expect(JSON.parse(Buffer.from(response.body).toString('utf8'))).toEqual({ __type: 'com.amazon.coral.service#SerializationException' });
    expect(engine.execute('Scan', { TableName: 'things' }).Count).toBe(0);
  });

  it('valid UTF-8 bytes (and a leading byte order mark) are read as before', () => {
    const engine = engineWithTable();
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"TableName":"things","Item":{"pk":{"S":"é😀"}}}')]);
    expect(handleWireRequest(engine, putItemOverHttp(body)).status).toBe(200);
    expect(engine.execute('GetItem', { TableName: 'things', Key: { pk: { S: 'é😀' } } }).Item).toEqual({ pk: { S: 'é😀' } });
  });
});

describe('JSON nested beyond any valid request', () => {
  const nested = (depth: number) => `{"TableName":"things","Item":{"pk":{"S":"a"},"v":${'{"L":['.repeat(depth)}{"S":"x"}${']}'.repeat(depth)}}}`;
  const answer = (engine: Engine, body: string) => {
    const response = handleWireRequest(engine, putItemOverHttp(body));
    return { status: response.status, ...(JSON.parse(Buffer.from(response.body).toString('utf8')) as object) };
  };

  it('is refused by the deserializer instead of exhausting the stack', () => {
    expect(answer(engineWithTable(), nested(100_000))).toEqual({ status: 400, __type: 'com.amazon.coral.service#SerializationException' });
  });

  it('while attribute values nested 33 to a few hundred levels still get the nesting message', () => {
    for (const depth of [33, 400]) {
      expect(answer(engineWithTable(), nested(depth))).toEqual({
        status: 400,
        __type: 'com.amazon.coral.validate#ValidationException',
        message: 'Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit',
      });
    }
  });

  it('counts only brackets outside strings', () => {
    const engine = engineWithTable();
    const text = '['.repeat(5000);
    const body = JSON.stringify({ TableName: 'things', Item: { pk: { S: 'a' }, text: { S: text } } });
    expect(handleWireRequest(engine, putItemOverHttp(body)).status).toBe(200);
  });
});

describe('a tag keyed __proto__', () => {
  it('is kept like any other tag, by TagResource and CreateTable', () => {
    const engine = createEngine({ region: 'us-east-1', accountId: '123456789012' });
    const tags = JSON.parse('[{"Key":"__proto__","Value":"x"},{"Key":"team","Value":"y"}]') as unknown;
    engine.execute('CreateTable', {
      TableName: 'things',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      Tags: tags,
    });
    const arn = 'arn:aws:dynamodb:us-east-1:123456789012:table/things';
    engine.execute('TagResource', { ResourceArn: arn, Tags: JSON.parse('[{"Key":"__proto__","Value":"z"}]') as unknown });
    expect(engine.execute('ListTagsOfResource', { ResourceArn: arn }).Tags).toEqual([
      { Key: '__proto__', Value: 'z' },
      { Key: 'team', Value: 'y' },
    ]);
    engine.execute('UntagResource', { ResourceArn: arn, TagKeys: ['__proto__'] });
    expect(engine.execute('ListTagsOfResource', { ResourceArn: arn }).Tags).toEqual([{ Key: 'team', Value: 'y' }]);
  });
});
