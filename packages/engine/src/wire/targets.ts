/**
 * The operation an `X-Amz-Target` names. DynamoDB and DynamoDB Streams share
 * the port: `DynamoDB_20120810.<Operation>` names a DynamoDB operation,
 * `DynamoDBStreams_20120810.<Operation>` one of Streams; a name under the
 * other's prefix is unknown, as on AWS. '' for none.
 */
import { isStreamOperation } from '../operations.js';

const DYNAMODB_PREFIX = 'DynamoDB_20120810.';
const STREAMS_PREFIX = 'DynamoDBStreams_20120810.';

export function targetOperation(target: string): string {
  if (target.startsWith(DYNAMODB_PREFIX)) {
    const operation = target.slice(DYNAMODB_PREFIX.length);
    return isStreamOperation(operation) ? '' : operation;
  }
  if (target.startsWith(STREAMS_PREFIX)) {
    const operation = target.slice(STREAMS_PREFIX.length);
    return isStreamOperation(operation) ? operation : '';
  }
  return '';
}
