/**
 * Creating and deleting a global index while clients write: UpdateTable on a
 * table with items backfills the new index, so a kill during it must leave
 * either no index or a complete one. Tracks whether the index exists as far
 * as acknowledged UpdateTable calls say, and settles it after each restart.
 */
import { DescribeTableCommand, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CHURNED_INDEX, createIndexInput, deleteIndexInput, TABLES, USERS, withIndex } from './schema.js';
import type { TableDef } from './schema.js';

type IndexPresence = 'present' | 'absent' | 'in flight';

export class IndexChurn {
  private presence: IndexPresence = 'absent';
  /** The last UpdateTable sent, for failure reports. */
  lastChange = 'none';
  changes = 0;

  /** Sends the UpdateTable that creates the index if absent, deletes it if present. */
  async toggle(client: DynamoDBClient, lifecycle: number, failures: string[]): Promise<void> {
    const create = this.presence === 'absent';
    const input = create ? createIndexInput(USERS, CHURNED_INDEX) : deleteIndexInput(USERS, CHURNED_INDEX);
    this.presence = 'in flight';
    this.lastChange = `UpdateTable ${create ? 'creating' : 'deleting'} ${USERS.name}/${CHURNED_INDEX.name} in lifecycle ${lifecycle}`;
    try {
      await client.send(new UpdateTableCommand(input));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status !== undefined && status !== 200) {
        failures.push(`${this.lastChange}: unexpected answer ${status} ${(error as Error).name}: ${(error as Error).message}`);
      }
      return;
    }
    this.presence = create ? 'present' : 'absent';
    this.lastChange += ' (acknowledged)';
    this.changes++;
  }

  /**
   * After a restart: compares the indexes DescribeTable lists with what was
   * acknowledged, and returns the table definitions to check (with the
   * churned index when it exists).
   */
  async settle(client: DynamoDBClient, kill: number, failures: string[]): Promise<TableDef[]> {
    let Table;
    try {
      ({ Table } = await client.send(new DescribeTableCommand({ TableName: USERS.name })));
    } catch (error) {
      throw new Error(`describing table ${USERS.name} failed: ${(error as Error).name}: ${(error as Error).message}`, { cause: error });
    }
    const listed = (Table?.GlobalSecondaryIndexes ?? []).map((i) => ({ name: i.IndexName!, status: i.IndexStatus! }));
    const known = new Set([...USERS.indexes.map((i) => i.name), CHURNED_INDEX.name]);
    for (const index of listed) {
      if (!known.has(index.name)) failures.push(`after kill #${kill}: ${USERS.name} lists an index no one created: ${index.name}`);
      if (index.status !== 'ACTIVE') failures.push(`after kill #${kill}: index ${USERS.name}/${index.name} is ${index.status} after the restart (last change: ${this.lastChange})`);
    }
    for (const index of USERS.indexes) {
      if (!listed.some((l) => l.name === index.name)) failures.push(`after kill #${kill}: index ${USERS.name}/${index.name} is gone`);
    }
    const exists = listed.some((l) => l.name === CHURNED_INDEX.name);
    if ((this.presence === 'present' && !exists) || (this.presence === 'absent' && exists)) {
      failures.push(
        `after kill #${kill}: index ${USERS.name}/${CHURNED_INDEX.name} should be ${this.presence} but is ${exists ? 'present' : 'absent'}` +
          ` (last change: ${this.lastChange})`,
      );
    }
    this.presence = exists ? 'present' : 'absent';
    return TABLES.map((table) => (table === USERS && exists ? withIndex(USERS, CHURNED_INDEX) : table));
  }
}
