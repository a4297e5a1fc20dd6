/**
 * A record in memory is made into its text only when read, from the images
 * the write had; on disk its text is stored with the write. Both must answer
 * the same records, as they were when written: binary keys, every view type,
 * records read after later writes replaced their item, and after a restart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine.js';
import { openEngine } from '../../src/storage/open-engine.js';
import { temporaryDirectories } from '../storage/temp-dirs.js';
import { engineAt, iterator, NOW_MS, shards } from './support.js';

const newDirectory = temporaryDirectories('dynotable-record-forms-');
const open: Engine[] = [];
afterEach(() => {
  for (const engine of open.splice(0)) engine.close();
});

const VIEW_TYPES = ['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES'] as const;
// Binary keys (base64 on the wire), a lone surrogate, a set and a map.
const Key = { id: { B: 'AAEC/w==' }, at: { N: '5' } };

/** Puts, updates, rewrites unchanged, deletes: a record for each change, in every view type's table. */
function writeChanges(engine: Engine): Record<string, string> {
  const arns: Record<string, string> = {};
  for (const viewType of VIEW_TYPES) {
    const created = engine.execute('CreateTable', {
      TableName: viewType,
      KeySchema: [
        { AttributeName: 'id', KeyType: 'HASH' },
        { AttributeName: 'at', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'id', AttributeType: 'B' },
        { AttributeName: 'at', AttributeType: 'N' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamEnabled: true, StreamViewType: viewType },
    }) as { TableDescription: { LatestStreamArn: string } };
    arns[viewType] = created.TableDescription.LatestStreamArn;
    const first = { ...Key, s: { S: 'a\ud800b' }, set: { SS: ['x', 'y'] }, bin: { B: 'AQ==' } };
    engine.execute('PutItem', { TableName: viewType, Item: first });
    engine.execute('PutItem', { TableName: viewType, Item: first });
    engine.execute('UpdateItem', {
      TableName: viewType,
      Key,
      UpdateExpression: 'SET m = :m REMOVE bin',
      ExpressionAttributeValues: { ':m': { M: { deep: { L: [{ N: '1.50' }, { NULL: true }] } } } },
    });
    engine.execute('PutItem', { TableName: viewType, Item: { ...Key, s: { S: 'other' } } });
    engine.execute('DeleteItem', { TableName: viewType, Key });
  }
  return arns;
}

/** Every record of the stream, without eventID (each engine numbers its own). */
function records(engine: Engine, arn: string): unknown[] {
  const ShardIterator = iterator(engine, arn, shards(engine, arn)[0]!.ShardId, 'TRIM_HORIZON');
  const page = engine.execute('GetRecords', { ShardIterator }) as { Records: Record<string, unknown>[] };
  return page.Records.map(({ eventID, ...rest }) => {
    expect(eventID).toMatch(/^[0-9a-f]{32}$/);
    return rest;
  });
}

describe('stream records in memory and on disk', () => {
  it('answer the same records, with the images as they were written', () => {
    const memory = engineAt();
    const dataDir = newDirectory();
    const disk = openEngine({ dataDir, region: 'us-east-1', accountId: '123456789012', now: () => NOW_MS });
    open.push(memory, disk);
    const arns = writeChanges(memory);
    writeChanges(disk);
    disk.close();
    open.pop();
    const reopened = openEngine({ dataDir, region: 'us-east-1', accountId: '123456789012', now: () => NOW_MS });
    open.push(reopened);

    for (const viewType of VIEW_TYPES) {
      const inMemory = records(memory, arns[viewType]!);
      expect(records(reopened, arns[viewType]!)).toEqual(inMemory);
      const dynamodb = inMemory.map((record) => (record as { dynamodb: Record<string, unknown> }).dynamodb);
      expect(inMemory.map((record) => (record as { eventName: string }).eventName)).toEqual(['INSERT', 'MODIFY', 'MODIFY', 'REMOVE']);
      for (const change of dynamodb) expect(change.Keys).toEqual(Key);
      const withNew = viewType === 'NEW_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES';
      const withOld = viewType === 'OLD_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES';
      const updated = { ...Key, s: { S: 'a\ud800b' }, set: { SS: ['x', 'y'] }, m: { M: { deep: { L: [{ N: '1.5' }, { NULL: true }] } } } };
      const images = [
        { NewImage: { ...Key, s: { S: 'a\ud800b' }, set: { SS: ['x', 'y'] }, bin: { B: 'AQ==' } } },
        { NewImage: updated, OldImage: { ...Key, s: { S: 'a\ud800b' }, set: { SS: ['x', 'y'] }, bin: { B: 'AQ==' } } },
        { NewImage: { ...Key, s: { S: 'other' } }, OldImage: updated },
        { OldImage: { ...Key, s: { S: 'other' } } },
      ];
      dynamodb.forEach((change, i) => {
        expect(change.NewImage).toEqual(withNew ? images[i]!.NewImage : undefined);
        expect(change.OldImage).toEqual(withOld ? images[i]!.OldImage : undefined);
      });
      // The keys: `id` and 4 bytes, `at` and 5 (2 bytes as a number): 10; the old image adds `s` and `other`.
      expect((dynamodb[3] as { SizeBytes: number }).SizeBytes).toBe(withOld ? 10 + 10 + 1 + 5 : 10);
    }
  });
});
