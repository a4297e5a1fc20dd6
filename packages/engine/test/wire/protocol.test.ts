/**
 * The DynamoDB JSON 1.0 protocol without a socket: status codes, headers and
 * error bodies, in the order DynamoDB's front end checks them.
 */
import { DynamoError } from '@dynotable/core';
import { handleWireRequest } from '@dynotable/engine';
import type { WireRequest, WireResponse } from '@dynotable/engine';
import { describe, expect, it } from 'vitest';
import { ConditionalCheckFailedError, TransactionCanceledError } from '../../src/items/errors.js';
import { crc32Table } from '../../src/wire/crc32.js';
import { stubEngine } from './stub-engine.js';

const AUTH = 'AWS4-HMAC-SHA256 Credential=any/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0';

function request(overrides: Partial<WireRequest> & { target?: string; contentType?: string | null } = {}): WireRequest {
  const headers: Record<string, string> = { authorization: AUTH };
  const contentType = overrides.contentType === undefined ? 'application/x-amz-json-1.0' : overrides.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  headers['x-amz-target'] = overrides.target ?? 'DynamoDB_20120810.ListTables';
  return { method: 'POST', path: '/', body: '{}', ...overrides, headers: { ...headers, ...overrides.headers } };
}

const text = (response: WireResponse) => new TextDecoder().decode(response.body);
const json = (response: WireResponse) => JSON.parse(text(response)) as Record<string, unknown>;

const failing = (error: unknown) =>
  stubEngine({
    ListTables: () => {
      throw error;
    },
  });
const listing = () => stubEngine({ ListTables: () => ({ TableNames: ['a', 'é'] }) });

describe('a successful call', () => {
  it('answers 200 with the output as JSON and the DynamoDB headers', () => {
    const response = handleWireRequest(listing(), request());
    expect(response.status).toBe(200);
    expect(json(response)).toEqual({ TableNames: ['a', 'é'] });
    expect(response.headers['Content-Type']).toBe('application/x-amz-json-1.0');
    expect(response.headers['Content-Length']).toBe(String(response.body.length));
    expect(response.headers['x-amz-crc32']).toBe(String(crc32Table(response.body)));
    expect(response.headers['x-amzn-RequestId']).toMatch(/^[A-Z0-9]{52}$/);
  });

  it('carries the body as text, byte for byte, only when it goes out uncompressed', () => {
    const plain = handleWireRequest(listing(), request());
    expect(plain.text).toBe('{"TableNames":["a","é"]}');
    expect(Buffer.from(plain.text!, 'utf8').equals(plain.body)).toBe(true);
    const gzipped = handleWireRequest(listing(), request({ headers: { 'accept-encoding': 'gzip' } }));
    expect(gzipped.headers['Content-Encoding']).toBe('gzip');
    expect(gzipped.text).toBeUndefined();
  });

  it('gives every response its own request id', () => {
    const engine = listing();
    const ids = new Set(Array.from({ length: 200 }, () => handleWireRequest(engine, request()).headers['x-amzn-RequestId']));
    expect(ids.size).toBe(200);
  });

  it('passes the operation named by the target and the parsed body', () => {
    let seen: unknown;
    const engine = stubEngine({ GetItem: (input) => ((seen = input), {}) });
    handleWireRequest(engine, request({ target: 'DynamoDB_20120810.GetItem', body: '{"TableName":"t"}' }));
    expect(engine.calls).toEqual(['GetItem']);
    expect(seen).toEqual({ TableName: 't' });
  });
});

describe('content types', () => {
  it.each([
    ['application/x-amz-json-1.0', 'application/x-amz-json-1.0'],
    ['application/json', 'application/json'],
    ['application/json; charset=utf-8', 'application/json'],
    ['Application/X-Amz-JSON-1.0; charset=UTF-8', 'application/x-amz-json-1.0'],
  ])('accepts %s and answers %s', (sent, answered) => {
    const response = handleWireRequest(listing(), request({ contentType: sent }));
    expect(response.status).toBe(200);
    expect(response.headers['Content-Type']).toBe(answered);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/x-amz-json-1.1', null])(
    'answers 404 to a body sent as %s',
    (contentType) => {
      const engine = listing();
      const response = handleWireRequest(engine, request({ contentType }));
      expect(response.status).toBe(404);
      expect(engine.calls).toEqual([]);
      expect(response.headers['x-amz-crc32']).toBe(String(crc32Table(response.body)));
    },
  );

  it('answers 404 to methods other than POST and GET', () => {
    expect(handleWireRequest(listing(), request({ method: 'PUT' })).status).toBe(404);
    expect(handleWireRequest(listing(), request({ method: 'DELETE' })).status).toBe(404);
  });

  it('checks no content type when there is no body, and answers JSON', () => {
    const response = handleWireRequest(listing(), request({ contentType: 'text/plain', body: '' }));
    expect(response.status).toBe(400);
    expect(response.headers['Content-Type']).toBe('application/json');
    expect(json(response)).toEqual({ __type: 'com.amazon.coral.service#SerializationException' });
  });
});

describe('errors before the operation runs', () => {
  it('answers malformed JSON with SerializationException', () => {
    const engine = listing();
    const response = handleWireRequest(engine, request({ body: '{"TableName":' }));
    expect(response.status).toBe(400);
    expect(json(response)).toEqual({ __type: 'com.amazon.coral.service#SerializationException' });
    expect(engine.calls).toEqual([]);
  });

  it.each(['DynamoDB_20120810.Nope', 'DynamoDB_20120810.', 'DynamoDB_20111205.ListTables', 'ListTables', ''])(
    'answers target %j with UnknownOperationException',
    (target) => {
      const response = handleWireRequest(listing(), request({ target }));
      expect(response.status).toBe(400);
      expect(json(response)).toEqual({ __type: 'com.amazon.coral.service#UnknownOperationException' });
    },
  );

  it('does not take inherited property names for operations', () => {
    const response = handleWireRequest(listing(), request({ target: 'DynamoDB_20120810.toString' }));
    expect(json(response).__type).toBe('com.amazon.coral.service#UnknownOperationException');
  });

  it('checks JSON syntax before the target', () => {
    const response = handleWireRequest(listing(), request({ target: 'DynamoDB_20120810.Nope', body: '{' }));
    expect(json(response).__type).toBe('com.amazon.coral.service#SerializationException');
  });

  it('answers a request without credentials with MissingAuthenticationTokenException', () => {
    const engine = listing();
    const response = handleWireRequest(engine, request({ headers: { authorization: undefined } }));
    expect(response.status).toBe(400);
    expect(json(response)).toEqual({
      __type: 'com.amazon.coral.service#MissingAuthenticationTokenException',
      message: 'Request is missing Authentication Token',
    });
    expect(engine.calls).toEqual([]);
  });

  it('treats a non-SigV4 Authorization header as missing', () => {
    const response = handleWireRequest(listing(), request({ headers: { authorization: 'Basic eDp4' } }));
    expect(json(response).__type).toBe('com.amazon.coral.service#MissingAuthenticationTokenException');
  });

  it('accepts any SigV4 credentials, in the header or a presigned query', () => {
    const other = 'AWS4-HMAC-SHA256 Credential=someone-else/20200101/eu-west-1/dynamodb/aws4_request, Signature=1';
    expect(handleWireRequest(listing(), request({ headers: { authorization: other } })).status).toBe(200);
    const presigned = request({ headers: { authorization: undefined }, path: '/?X-Amz-Algorithm=AWS4-HMAC-SHA256' });
    expect(handleWireRequest(listing(), presigned).status).toBe(200);
  });

  it('checks the target before the credentials', () => {
    const response = handleWireRequest(listing(), request({ target: 'x', headers: { authorization: undefined } }));
    expect(json(response).__type).toBe('com.amazon.coral.service#UnknownOperationException');
  });

  it('answers an empty body with SerializationException after the credentials', () => {
    expect(json(handleWireRequest(listing(), request({ body: '' }))).__type).toBe(
      'com.amazon.coral.service#SerializationException',
    );
    expect(json(handleWireRequest(listing(), request({ body: '', headers: { authorization: undefined } }))).__type).toBe(
      'com.amazon.coral.service#MissingAuthenticationTokenException',
    );
  });
});

describe('errors the operation throws', () => {
  it.each([
    ['ValidationException', 'com.amazon.coral.validate#ValidationException'],
    ['ResourceNotFoundException', 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException'],
    ['ConditionalCheckFailedException', 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException'],
    ['ResourceInUseException', 'com.amazonaws.dynamodb.v20120810#ResourceInUseException'],
    ['LimitExceededException', 'com.amazonaws.dynamodb.v20120810#LimitExceededException'],
    ['IdempotentParameterMismatchException', 'com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException'],
    ['TransactionConflictException', 'com.amazonaws.dynamodb.v20120810#TransactionConflictException'],
    ['ItemCollectionSizeLimitExceededException', 'com.amazonaws.dynamodb.v20120810#ItemCollectionSizeLimitExceededException'],
    ['AccessDeniedException', 'com.amazon.coral.service#AccessDeniedException'],
    ['ProvisionedThroughputExceededException', 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException'],
  ] as const)('renders %s with __type %s, a lower-case message and status 400', (name, type) => {
    const response = handleWireRequest(failing(new DynamoError(name, 'what went wrong')), request());
    expect(response.status).toBe(400);
    expect(json(response)).toEqual({ __type: type, message: 'what went wrong' });
    expect(response.headers['x-amz-crc32']).toBe(String(crc32Table(response.body)));
  });

  it('capitalises Message for SerializationException', () => {
    const error = new DynamoError('SerializationException', 'Start of structure or map found where not expected');
    expect(json(handleWireRequest(failing(error), request()))).toEqual({
      __type: 'com.amazon.coral.service#SerializationException',
      Message: 'Start of structure or map found where not expected',
    });
  });

  it('capitalises Message for TransactionCanceledException and adds its cancellation reasons', () => {
    const reasons = [
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { pk: { S: 'a' } } },
      { Code: 'None' },
    ];
    const body = json(handleWireRequest(failing(new TransactionCanceledError(reasons)), request()));
    expect(body).toEqual({
      __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
      Message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]',
      CancellationReasons: reasons,
    });
  });

  it('adds the old item to ConditionalCheckFailedException when there is one', () => {
    const type = 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException';
    const withItem = json(handleWireRequest(failing(new ConditionalCheckFailedError({ pk: { N: '1' } })), request()));
    expect(withItem).toEqual({ __type: type, message: 'The conditional request failed', Item: { pk: { N: '1' } } });
    const without = json(handleWireRequest(failing(new ConditionalCheckFailedError()), request()));
    expect(without).toEqual({ __type: type, message: 'The conditional request failed' });
  });

  it('answers an unexpected exception with a generic 500, logged and never shown', () => {
    const logged: unknown[] = [];
    const bug = new TypeError('secret detail at /some/file.ts:12');
    const response = handleWireRequest(failing(bug), request(), { log: (error) => logged.push(error) });
    expect(response.status).toBe(500);
    expect(json(response)).toEqual({
      __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
      message: 'Internal server error',
    });
    expect(text(response)).not.toContain('secret');
    expect(logged).toEqual([bug]);
  });

  it('answers output that cannot be serialised with a 500', () => {
    const engine = stubEngine({ ListTables: () => ({ Count: 1n }) });
    const logged: unknown[] = [];
    const response = handleWireRequest(engine, request(), { log: (error) => logged.push(error) });
    expect(response.status).toBe(500);
    expect(logged).toHaveLength(1);
  });
});

describe('other requests', () => {
  it('answers GET with a health line', () => {
    const response = handleWireRequest(listing(), { method: 'GET', path: '/', headers: {}, body: '' });
    expect(response.status).toBe(200);
    expect(text(response)).toMatch(/^healthy/);
    expect(response.headers['x-amz-crc32']).toBe(String(crc32Table(response.body)));
  });

  it('lets browsers call it: CORS headers and preflight', () => {
    const preflight = handleWireRequest(listing(), {
      method: 'OPTIONS',
      path: '/',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-amz-target',
      },
      body: '',
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers['Access-Control-Allow-Origin']).toBe('*');
    expect(preflight.headers['Access-Control-Allow-Headers']).toBe('content-type, x-amz-target');
    const call = handleWireRequest(listing(), request({ headers: { origin: 'http://localhost:5173' } }));
    expect(call.headers['Access-Control-Allow-Origin']).toBe('*');
  });
});
