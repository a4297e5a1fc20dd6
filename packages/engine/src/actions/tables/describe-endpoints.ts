/** DescribeEndpoints: the regional endpoint, cached for a day, as DynamoDB answers. */
import type { Operation } from '../../context.js';

export const describeEndpoints: Operation = (context) => ({
  Endpoints: [{ Address: `dynamodb.${context.region}.amazonaws.com`, CachePeriodInMinutes: 1440 }],
});
