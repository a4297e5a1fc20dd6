/**
 * A large output (a page of a Query or Scan) goes to the wire as bytes
 * encoded piece by piece: they must be exactly the UTF-8 of the JSON text
 * `execute` gives, with the checksum and length of those bytes.
 */
import { createEngine, handleWireRequest } from '@dynotable/engine';
import type { WireRequest } from '@dynotable/engine';
import { describe, expect, it } from 'vitest';
import { crc32Table } from '../../src/wire/crc32.js';

const AUTH = 'AWS4-HMAC-SHA256 Credential=any/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0';

function request(operation: string, body: unknown): WireRequest {
  return {
    method: 'POST',
    path: '/',
    headers: { authorization: AUTH, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${operation}` },
    body: JSON.stringify(body),
  };
}

describe('a large output on the wire', () => {
  it('is the UTF-8 of the JSON text execute gives, wide characters included, with its checksum and length', () => {
    const engine = createEngine({ region: 'us-east-1' });
    engine.execute('CreateTable', {
      TableName: 'items',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
    });
    for (let i = 0; i < 700; i++) {
      const text = i % 5 === 0 ? `é€😀 ${i}` : 'x'.repeat(i % 40);
      engine.execute('PutItem', { TableName: 'items', Item: { pk: { S: `p${i % 7}` }, sk: { N: String(i) }, text: { S: text }, n: { N: '1.50' } } });
    }
    for (const [operation, input] of [
      ['Scan', { TableName: 'items', Limit: 600 }],
      ['Query', { TableName: 'items', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'p3' } }, ScanIndexForward: false }],
    ] as const) {
      const expected = Buffer.from(JSON.stringify(engine.execute(operation, input)), 'utf8');
      expect(expected.length).toBeGreaterThan(4096);
      const response = handleWireRequest(engine, request(operation, input));
      expect(response.status).toBe(200);
      expect(Buffer.from(response.body).equals(expected)).toBe(true);
      expect(response.headers['Content-Length']).toBe(String(expected.length));
      expect(response.headers['x-amz-crc32']).toBe(String(crc32Table(expected)));
    }
  });
});
