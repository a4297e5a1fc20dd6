/**
 * The few calls a trigger makes, over the AWS SDK v3 (DescribeTable on the
 * table's client; the Streams API on a Streams client made from the same
 * configuration, so a trigger reads any endpoint: the embedded engine in
 * process, DynamoDB Local, AWS). Tests give a fake of this interface.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import type { _Record as StreamRecord, Shard, ShardIteratorType } from '@aws-sdk/client-dynamodb-streams';

export type { _Record as StreamRecord, Shard } from '@aws-sdk/client-dynamodb-streams';

export interface StreamsApi {
  /** The table's current stream; undefined when it has none (or no stream is enabled). Throws ResourceNotFoundException for a missing table. */
  latestStreamArn(table: string): Promise<string | undefined>;
  /** Every shard of the stream (all pages). */
  shards(streamArn: string): Promise<Shard[]>;
  shardIterator(streamArn: string, shardId: string, type: ShardIteratorType, sequenceNumber?: string): Promise<string | undefined>;
  /** `next` is undefined once a closed shard is read to its end. */
  records(iterator: string, limit: number): Promise<{ records: StreamRecord[]; next: string | undefined }>;
  close(): void;
}

export function sdkStreamsApi(client: DynamoDBClient): StreamsApi {
  const config = client.config;
  const streams = new DynamoDBStreamsClient({
    region: config.region,
    credentials: config.credentials,
    requestHandler: config.requestHandler,
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    maxAttempts: 3,
  });
  return {
    async latestStreamArn(table) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
      return Table?.StreamSpecification?.StreamEnabled === true ? Table.LatestStreamArn : undefined;
    },
    async shards(streamArn) {
      const shards: Shard[] = [];
      let start: string | undefined;
      do {
        const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
        shards.push(...(StreamDescription?.Shards ?? []));
        start = StreamDescription?.LastEvaluatedShardId;
      } while (start !== undefined);
      return shards;
    },
    async shardIterator(streamArn, shardId, type, sequenceNumber) {
      const answer = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type, SequenceNumber: sequenceNumber }));
      return answer.ShardIterator;
    },
    async records(iterator, limit) {
      const answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: limit }));
      return { records: answer.Records ?? [], next: answer.NextShardIterator };
    },
    close() {
      // Nothing to free: destroying the client would close the request handler it shares with the table's client.
    },
  };
}
