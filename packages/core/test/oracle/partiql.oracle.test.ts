/**
 * Core's PartiQL parser and planner accept and refuse what DynamoDB Local
 * does, with its messages: every statement of the corpus runs as an
 * ExecuteStatement and through parseStatement + planStatement (with the
 * table's own DescribeTable), and the two answers must agree. A statement
 * that DynamoDB runs, or refuses for the data (a missing or duplicate item),
 * is accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateTableCommand, DescribeTableCommand, ExecuteStatementCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { isDynamoError, planStatement } from '@dynotable/core';
import type { AttributeValue, PartiqlTableDescription } from '@dynotable/core';
import { oracleClient, oracleUnavailable } from '../support/dynamodb-local.js';
import { PARTIQL_CORPUS } from './partiql-corpus.js';
import { createTable, deleteTable, partiqlOracleTableInput, uniqueTableName } from './tables.js';

const skip = oracleUnavailable();
let client: DynamoDBClient;
const tables = { T: uniqueTableName('partiql'), H: uniqueTableName('partiql-hash') };
const descriptions = new Map<string, PartiqlTableDescription>();

beforeAll(async () => {
  if (skip) return;
  client = oracleClient();
  await client.send(new CreateTableCommand(partiqlOracleTableInput(tables.T)));
  await createTable(client, tables.H, { partitionKey: 'id', partitionType: 'S' });
  for (const name of Object.values(tables)) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    descriptions.set(name, Table as PartiqlTableDescription);
  }
});

afterAll(async () => {
  if (skip) return;
  for (const name of Object.values(tables)) await deleteTable(client, name);
  client.destroy();
});

type Answer = { accepted: true } | { accepted: false; message: string };

async function dynamoAnswer(statement: string, parameters: AttributeValue[] | undefined): Promise<Answer> {
  try {
    await client.send(new ExecuteStatementCommand({ Statement: statement, Parameters: parameters }));
    return { accepted: true };
  } catch (error) {
    const { name, message } = error as Error;
    // Refusals for the data, not the statement: the statement itself is valid.
    if (name !== 'ValidationException') return { accepted: true };
    return { accepted: false, message };
  }
}

function coreAnswer(statement: string, parameters: AttributeValue[] | undefined): Answer {
  const table = statement.includes(`"${tables.H}"`) ? tables.H : tables.T;
  try {
    planStatement(statement, descriptions.get(table)!, { parameters });
    return { accepted: true };
  } catch (error) {
    if (isDynamoError(error) && error.name === 'ValidationException') return { accepted: false, message: error.message };
    throw error;
  }
}

describe.skipIf(skip)('PartiQL statements on DynamoDB Local and in core', () => {
  it('are accepted and refused alike, with the same messages', async () => {
    const differences: string[] = [];
    for (const entry of PARTIQL_CORPUS) {
      const statement = entry.statement.replaceAll('$T', `"${tables.T}"`).replaceAll('$H', `"${tables.H}"`);
      const dynamo = await dynamoAnswer(statement, entry.parameters);
      const core = coreAnswer(statement, entry.parameters);
      if (JSON.stringify(dynamo) !== JSON.stringify(core)) {
        differences.push(`${statement}\n  DynamoDB Local: ${JSON.stringify(dynamo)}\n  core:           ${JSON.stringify(core)}`);
      }
    }
    expect(differences).toEqual([]);
    expect(PARTIQL_CORPUS.length).toBeGreaterThan(150);
  });
});
