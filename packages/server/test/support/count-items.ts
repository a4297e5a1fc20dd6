/** The number of items in a table, by a paged Scan with Select COUNT. */
import { ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';

export async function countItems(client: DynamoDBClient, table: string): Promise<number> {
  let total = 0;
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, Select: 'COUNT', ExclusiveStartKey: start }));
    total += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return total;
}
