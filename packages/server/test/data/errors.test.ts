import { describe, expect, it } from 'vitest';
import { DataError } from '../../src/data/errors.js';
import { mapError } from '../../src/http/error-mapping.js';

describe("the data layer's errors over HTTP", () => {
  it('answer with the status of their kind, their type, message and details', () => {
    const error = new DataError('conflict', 'ItemChangedSinceWrite', 'the item changed since', { operations: [] });
    expect(mapError(error)).toEqual({ status: 409, body: { operations: [], __type: 'ItemChangedSinceWrite', message: 'the item changed since' }, unexpected: false });
  });

  it.each([
    ['invalid', 400],
    ['unauthenticated', 401],
    ['refused', 403],
    ['not-found', 404],
    ['conflict', 409],
    ['too-large', 413],
    ['throttled', 429],
    ['incomplete', 500],
    ['unsupported', 501],
    ['upstream', 502],
    ['unavailable', 503],
    ['timeout', 504],
  ] as const)('%s is %i', (kind, status) => {
    expect(mapError(new DataError(kind, 'T', 'm')).status).toBe(status);
  });
});
