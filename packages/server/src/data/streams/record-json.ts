/**
 * A stream record as JSON, in the shape DynamoDB Streams answers with (and
 * `aws dynamodbstreams get-records` prints): images as DynamoDB JSON, binary
 * as base64, the creation time in epoch seconds.
 */
import type { Item, WireItem } from '@dynotable/core';
import type { _Record as SdkRecord } from '@aws-sdk/client-dynamodb-streams';
import type { StreamRecordJson } from '../shapes.js';
import { sdkItemToWire } from '../wire-output.js';

export type StreamEventName = NonNullable<StreamRecordJson['eventName']>;
export type { StreamRecordJson };

function image(item: Record<string, unknown> | undefined): WireItem | undefined {
  return item === undefined ? undefined : sdkItemToWire(item as Item);
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

export function recordToJson(record: SdkRecord): StreamRecordJson {
  const data = record.dynamodb ?? {};
  const created = data.ApproximateCreationDateTime;
  return defined({
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: record.eventSource,
    awsRegion: record.awsRegion,
    dynamodb: defined({
      ApproximateCreationDateTime: created === undefined ? undefined : created.getTime() / 1000,
      Keys: image(data.Keys),
      NewImage: image(data.NewImage),
      OldImage: image(data.OldImage),
      SequenceNumber: data.SequenceNumber,
      SizeBytes: data.SizeBytes,
      StreamViewType: data.StreamViewType,
    }),
    userIdentity: record.userIdentity === undefined ? undefined : defined({ PrincipalId: record.userIdentity.PrincipalId, Type: record.userIdentity.Type }),
  });
}
