/** The ways the fuzzer reaches the engine: the protocol function, the SDK's in-process handler, and real HTTP. */
import { request as httpRequest } from 'node:http';
import type { Agent } from 'node:http';
import { handleWireRequest } from '../../src/wire/protocol.js';
import { engineRequestHandler } from '../../src/wire/in-process.js';
import type { WireResponse } from '../../src/wire/protocol.js';
import type { Transport } from './runner.js';
import { AUTHORIZATION, wireRequest } from './runner.js';

/** Straight into `handleWireRequest`: the fastest path, used for most requests. */
export const direct: Transport = async (engine, request, log) => {
  if (typeof request.body !== 'string') {
    return inProcess(engine, request, log);
  }
  return handleWireRequest(engine, wireRequest(request, request.body), { log });
};

/** Through the AWS SDK request handler that carries bytes. */
export const inProcess: Transport = async (engine, request, log) => {
  const handler = engineRequestHandler(engine, { log });
  const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body;
  const { response } = await handler.handle({
    method: 'POST',
    path: '/',
    headers: { ...wireRequest(request, '').headers } as Record<string, string>,
    body,
  });
  return { status: response.statusCode, headers: response.headers, body: response.body };
};

/** Over a socket to a running server (the server's engine must be the one the fuzzer checks). */
export function overHttp(url: string, agent: Agent): Transport {
  return (_engine, request) =>
    new Promise<WireResponse>((resolve, reject) => {
      const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : Buffer.from(request.body);
      const req = httpRequest(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/x-amz-json-1.0',
            'x-amz-target': `DynamoDB_20120810.${request.target}`,
            authorization: AUTHORIZATION,
            'content-length': body.length,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers[name] = value;
            resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}
