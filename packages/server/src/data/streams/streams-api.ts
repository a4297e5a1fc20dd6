/**
 * The three DynamoDB Streams calls the reader makes, as a narrow interface:
 * the SDK client behind it in use, a fake in the reader's tests.
 */
import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type DescribeStreamCommandInput,
  type DescribeStreamCommandOutput,
  type DynamoDBStreamsClient,
  type GetRecordsCommandInput,
  type GetRecordsCommandOutput,
  type GetShardIteratorCommandInput,
  type GetShardIteratorCommandOutput,
} from '@aws-sdk/client-dynamodb-streams';

type DescribeStreamOutput = Pick<DescribeStreamCommandOutput, 'StreamDescription'>;
type GetShardIteratorOutput = Pick<GetShardIteratorCommandOutput, 'ShardIterator'>;
type GetRecordsOutput = Pick<GetRecordsCommandOutput, 'Records' | 'NextShardIterator'>;

export interface StreamsApi {
  describeStream(input: DescribeStreamCommandInput, signal: AbortSignal): Promise<DescribeStreamOutput>;
  getShardIterator(input: GetShardIteratorCommandInput, signal: AbortSignal): Promise<GetShardIteratorOutput>;
  getRecords(input: GetRecordsCommandInput, signal: AbortSignal): Promise<GetRecordsOutput>;
}

export function sdkStreamsApi(client: DynamoDBStreamsClient): StreamsApi {
  return {
    describeStream: (input, signal) => client.send(new DescribeStreamCommand(input), { abortSignal: signal }),
    getShardIterator: (input, signal) => client.send(new GetShardIteratorCommand(input), { abortSignal: signal }),
    getRecords: (input, signal) => client.send(new GetRecordsCommand(input), { abortSignal: signal }),
  };
}
