import { DynamoDBClient, CreateTableCommand, ExecuteStatementCommand } from '@aws-sdk/client-dynamodb';
import { readFileSync } from 'node:fs';
const c = new DynamoDBClient({ endpoint: 'http://127.0.0.1:8621', region: 'us-east-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
if (process.argv[2] === 'setup') {
  await c.send(new CreateTableCommand({ TableName: 'Tab', BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{AttributeName:'pk',AttributeType:'S'},{AttributeName:'sk',AttributeType:'S'},{AttributeName:'status',AttributeType:'S'},{AttributeName:'n',AttributeType:'N'}],
    KeySchema: [{AttributeName:'pk',KeyType:'HASH'},{AttributeName:'sk',KeyType:'RANGE'}],
    GlobalSecondaryIndexes: [{IndexName:'byStatus',KeySchema:[{AttributeName:'status',KeyType:'HASH'},{AttributeName:'n',KeyType:'RANGE'}],Projection:{ProjectionType:'ALL'}}] }));
  await c.send(new CreateTableCommand({ TableName: 'Hash', BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{AttributeName:'id',AttributeType:'S'}], KeySchema: [{AttributeName:'id',KeyType:'HASH'}] }));
  process.exit(0);
}
const lines = readFileSync(process.argv[2], 'utf8').split('\n').filter(l => l.trim() && !l.startsWith('//'));
for (const line of lines) {
  let stmt = line, params;
  const m = line.match(/^(.*)\s+@@\s+(.*)$/); if (m) { stmt = m[1]; params = JSON.parse(m[2]); }
  try { const r = await c.send(new ExecuteStatementCommand({ Statement: stmt, Parameters: params, ReturnConsumedCapacity: 'TOTAL' })); console.log('OK  ', stmt, '=>', JSON.stringify(r.Items)?.slice(0,200), JSON.stringify(r.ConsumedCapacity)); }
  catch (e) { console.log('ERR ', stmt, '=>', e.name + ': ' + e.message); }
}
