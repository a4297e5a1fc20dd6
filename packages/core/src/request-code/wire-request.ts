/** The request's parameters as DynamoDB's JSON wire body (numbers as strings, binary as base64). */
import { requestFields, type CodegenParams } from './request.js';
import { itemToWire } from '../values/wire.js';

export function toWireRequest(params: CodegenParams): Record<string, unknown> {
  return Object.fromEntries(
    requestFields(params).map((field) => [field.name, field.kind === 'values' ? itemToWire(field.value) : field.value]),
  );
}
