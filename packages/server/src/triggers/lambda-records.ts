/**
 * A stream record as Lambda hands it to a function: the record's JSON as the
 * Streams API sends it (the SDK's Date back to epoch seconds, its binary
 * values back to base64) plus `eventSourceARN`, the stream's ARN.
 */
import type { _Record as StreamRecord } from '@aws-sdk/client-dynamodb-streams';

export interface LambdaStreamRecord {
  readonly eventID?: string;
  readonly eventName?: string;
  readonly eventVersion?: string;
  readonly eventSource?: string;
  readonly awsRegion?: string;
  readonly dynamodb: {
    readonly ApproximateCreationDateTime?: number;
    readonly Keys?: unknown;
    readonly NewImage?: unknown;
    readonly OldImage?: unknown;
    readonly SequenceNumber: string;
    readonly SizeBytes?: number;
    readonly StreamViewType?: string;
  };
  /** A TTL deletion's: Lambda spells the Streams API's `Type`/`PrincipalId` in lower camel case. */
  readonly userIdentity?: { readonly type?: string; readonly principalId?: string };
  readonly eventSourceARN: string;
}

/** Binary values as the wire has them: base64 text. */
function wireJson(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(wireJson);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined).map(([key, each]) => [key, wireJson(each)]));
  }
  return value;
}

export function lambdaRecord(record: StreamRecord, streamArn: string): LambdaStreamRecord {
  const { ApproximateCreationDateTime: created, ...stream } = record.dynamodb ?? {};
  const dynamodb = {
    ...(created === undefined ? {} : { ApproximateCreationDateTime: Math.floor(created.getTime() / 1000) }),
    ...(wireJson(stream) as Record<string, unknown>),
    SequenceNumber: stream.SequenceNumber ?? '',
  };
  const identity = record.userIdentity;
  const userIdentity = identity === undefined ? undefined : { type: identity.Type, principalId: identity.PrincipalId };
  const rest = wireJson({ ...record, dynamodb: undefined, userIdentity }) as Record<string, unknown>;
  return { ...rest, dynamodb, eventSourceARN: streamArn };
}
