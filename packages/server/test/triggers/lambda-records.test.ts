import { describe, expect, it } from 'vitest';
import { lambdaRecord } from '../../src/triggers/lambda-records.js';

const ARN = 'arn:aws:dynamodb:us-east-1:000000000000:table/T/stream/2026-12-02T20:00:00.000';

describe('a stream record as Lambda hands it over', () => {
  it('has epoch seconds, base64 binary, the stream ARN and a TTL deletion in lower camel case', () => {
    const record = lambdaRecord(
      {
        eventID: 'e1',
        eventName: 'REMOVE',
        dynamodb: {
          ApproximateCreationDateTime: new Date(1_764_705_600_500),
          Keys: { pk: { B: new Uint8Array([1, 2, 255]) } },
          SequenceNumber: '100',
        },
        userIdentity: { PrincipalId: 'dynamodb.amazonaws.com', Type: 'Service' },
      },
      ARN,
    );
    expect(record).toEqual({
      eventID: 'e1',
      eventName: 'REMOVE',
      dynamodb: { ApproximateCreationDateTime: 1_764_705_600, Keys: { pk: { B: 'AQL/' } }, SequenceNumber: '100' },
      userIdentity: { type: 'Service', principalId: 'dynamodb.amazonaws.com' },
      eventSourceARN: ARN,
    });
  });

  it('leaves userIdentity out of a client write', () => {
    const record = lambdaRecord({ eventID: 'e2', eventName: 'INSERT', dynamodb: { SequenceNumber: '101' } }, ARN);
    expect('userIdentity' in record).toBe(false);
  });
});
