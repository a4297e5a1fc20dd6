/**
 * The floor: an HTTP server that answers every DynamoDB request with a fixed,
 * DynamoDB-shaped body for its operation, doing no work at all. What the SDK
 * client costs by itself; no server can be faster. `floor-server <port>`.
 */
import { createServer } from 'node:http';

const item = (i: number) => ({
  pk: { S: 'p#00000' },
  sk: { S: String(i).padStart(5, '0') },
  gpk: { S: 'g#0' },
  gsk: { S: String(i).padStart(5, '0') },
  data: { S: 'x'.repeat(159) },
});
const page = Array.from({ length: 100 }, (_, i) => item(i));

const bodies: Record<string, string> = {
  ListTables: JSON.stringify({ TableNames: [] }),
  CreateTable: JSON.stringify({ TableDescription: { TableName: 'bench', TableStatus: 'ACTIVE' } }),
  DescribeTable: JSON.stringify({ Table: { TableName: 'bench', TableStatus: 'ACTIVE' } }),
  GetItem: JSON.stringify({ Item: item(0) }),
  Query: JSON.stringify({ Items: page, Count: 100, ScannedCount: 100 }),
  BatchWriteItem: JSON.stringify({ UnprocessedItems: {} }),
};

const port = Number(process.argv[2] ?? 0);
const server = createServer((req, res) => {
  const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
  req.resume();
  req.on('end', () => {
    const body = bodies[operation] ?? '{}';
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(port, '127.0.0.1', () => process.send?.({ ready: `http://127.0.0.1:${port}` }));
