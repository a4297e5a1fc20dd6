/** DeleteTable, only when the user typed the table's name exactly. */
import { DeleteTableCommand, type DynamoDBClient, type TableDescription } from '@aws-sdk/client-dynamodb';
import { DataError } from '../errors.js';
import { NOTHING_CONSUMED, type Consumed } from '../consumed.js';
import { forgetTable } from '../table-info.js';

export function requireConfirmName(table: string, confirmName: string, action: string): void {
  if (confirmName === table) return;
  throw new DataError('invalid', 'ConfirmationMismatch', `To ${action}, type the table's name exactly in confirmName: '${table}' (got '${confirmName}').`);
}

export async function deleteTable(client: DynamoDBClient, name: string, signal: AbortSignal): Promise<{ table: TableDescription; consumed: Consumed }> {
  const { TableDescription: table } = await client.send(new DeleteTableCommand({ TableName: name }), { abortSignal: signal });
  forgetTable(client, name);
  return { table: table ?? {}, consumed: NOTHING_CONSUMED };
}
