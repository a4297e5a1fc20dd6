/**
 * The wire protocol seen from a raw HTTP client, on the targets that have a
 * socket: the engine's HTTP server and DynamoDB Local.
 */
import { crc32, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeEachTarget } from './targets.js';

const SIGNED = {
  authorization: 'AWS4-HMAC-SHA256 Credential=wire/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
  'x-amz-date': '20260101T000000Z',
};

async function call(endpoint: string, operation: string, body: unknown) {
  const response = await fetch(endpoint, {
    method: 'POST',
    // fetch asks for gzip unless told otherwise; the bytes are checked as they travel.
    headers: { ...SIGNED, 'accept-encoding': 'identity', 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${operation}` },
    body: JSON.stringify(body),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, json: JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown> };
}

describeEachTarget(
  'the wire protocol',
  (target) => {
    it('answers with a request id, the content type, the length and the CRC-32 of the body', async () => {
      const first = await call(target.endpoint!, 'ListTables', { Limit: 1 });
      const second = await call(target.endpoint!, 'ListTables', { Limit: 1 });
      expect(first.response.status).toBe(200);
      expect(first.response.headers.get('content-type')).toBe('application/x-amz-json-1.0');
      expect(first.response.headers.get('content-length')).toBe(String(first.bytes.length));
      expect(first.response.headers.get('x-amz-crc32')).toBe(String(crc32(first.bytes) >>> 0));
      const id = first.response.headers.get('x-amzn-requestid');
      expect(id).toBeTruthy();
      expect(second.response.headers.get('x-amzn-requestid')).not.toBe(id);
    });

    it('names a missing table ResourceNotFoundException in the DynamoDB namespace', async () => {
      const { response, json } = await call(target.endpoint!, 'DescribeTable', { TableName: target.tableName('wire-missing') });
      expect(response.status).toBe(400);
      expect(json.__type).toBe('com.amazonaws.dynamodb.v20120810#ResourceNotFoundException');
      // DynamoDB spells this key `message`; DynamoDB Local writes `Message` (docs/dynamodb-rules.md#where-dynamodb-local-differs).
      expect(Object.keys(json)).toEqual(['__type', target.isDynamoDbLocal ? 'Message' : 'message']);
    });

    it('names a validation error ValidationException in the coral validate namespace', async () => {
      const { response, json } = await call(target.endpoint!, 'DescribeTable', { TableName: 'ab' });
      expect(response.status).toBe(400);
      expect(json.__type).toBe('com.amazon.coral.validate#ValidationException');
    });

    it('reads a gzip-compressed request body and names its server', async () => {
      const response = await fetch(target.endpoint!, {
        method: 'POST',
        headers: {
          ...SIGNED,
          'accept-encoding': 'identity',
          'content-encoding': 'gzip',
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.ListTables',
        },
        body: gzipSync(JSON.stringify({ Limit: 1 })),
      });
      // DynamoDB reads compressed bodies; DynamoDB Local fails them with a 500 and calls itself Jetty
      // (docs/dynamodb-rules.md#where-dynamodb-local-differs).
      expect(response.status).toBe(target.isDynamoDbLocal ? 500 : 200);
      expect(response.headers.get('server')).toMatch(target.isDynamoDbLocal ? /^Jetty/ : /^Server$/);
    });
  },
  { only: ['engine-http', 'dynamodb-local'] },
);
