/**
 * The engine's work behind the floor's HTTP handling: node:http, the body
 * collected, handleWireRequest, and the answer written with only a content
 * type and length (none of the engine server's timeouts, header checks or
 * response headers). Beside the engine server and the floor (`ab.bench.ts
 * --decompose`), it tells what of the engine server's cost over the floor's is
 * its HTTP handling and what is the engine's own work. `engine-plain-http <port>`.
 */
import { createServer } from 'node:http';
import { createEngine, handleWireRequest } from '../../src/index.js';

const engine = createEngine({ region: 'us-east-1' });
const port = Number(process.argv[2] ?? 0);
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const answer = handleWireRequest(engine, { method: req.method ?? 'POST', path: req.url ?? '/', headers: req.headers, body });
    res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0', 'content-length': answer.headers['Content-Length'] ?? '0' });
    res.end(answer.text ?? answer.body);
  });
});
server.listen(port, '127.0.0.1', () => process.send?.({ ready: `http://127.0.0.1:${port}` }));
