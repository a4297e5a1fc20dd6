/**
 * What the UI shows of a request: the exact wire JSON sent (or to be sent)
 * and ready programs in TypeScript, Python and the AWS CLI from core's
 * generators. Batch and transaction operations, which core's generators do not
 * write, get the AWS CLI command only.
 */
import { generateCode, shellWord, toWireRequest, type CodegenOperation, type CodegenParams } from '@dynotable/core';

import type { RequestView } from './shapes.js';

export type { RequestView };

export function requestView(operation: CodegenOperation, params: CodegenParams, withCode = true): RequestView {
  const request = { operation, params };
  return {
    operation,
    wire: toWireRequest(params),
    code: !withCode ? {} : {
      typescript: generateCode(request, 'typescript'),
      python: generateCode(request, 'python'),
      'aws-cli': generateCode(request, 'aws-cli'),
    },
  };
}

/** BatchWriteItem or TransactWriteItems, already in wire JSON. */
export function multiRequestView(operation: 'BatchWriteItem' | 'TransactWriteItems', wire: Record<string, unknown>): RequestView {
  const flag = operation === 'BatchWriteItem' ? '--request-items' : '--transact-items';
  const body = operation === 'BatchWriteItem' ? wire['RequestItems'] : wire['TransactItems'];
  const command = operation === 'BatchWriteItem' ? 'batch-write-item' : 'transact-write-items';
  const lines = [`aws dynamodb ${command}`, `  ${flag} ${shellWord(JSON.stringify(body))}`];
  if (typeof wire['ReturnConsumedCapacity'] === 'string') lines.push(`  --return-consumed-capacity ${wire['ReturnConsumedCapacity']}`);
  return { operation, wire, code: { 'aws-cli': lines.join(' \\\n') + '\n' } };
}
