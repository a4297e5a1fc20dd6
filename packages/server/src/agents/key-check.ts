/**
 * The key of a proposed put, update or delete checked against the table's
 * key schema with DynamoDB's own rules and messages (core's), at staging: a
 * person's edit in the editor never has a wrong key, an agent's proposal may,
 * and it is refused at once rather than approved and then failed.
 */
import { itemKeyProblem, KEY_SCHEMA_MISMATCH_MESSAGE, keyAttributeProblem, type Item } from '@dynotable/core';
import { DataError } from '../data/errors.js';
import type { TableShape } from '../data/table-description.js';
import { readWireForWrite } from '../data/wire-input.js';
import type { DeleteInput, PutInput, UpdateInput } from '../data/items/write-schemas.js';
import type { RoutedKind } from './proposal-routes.js';

function keyParameterProblem(key: Item, table: TableShape): string | undefined {
  const schema = [table.keys.partition, ...(table.keys.sort !== undefined ? [table.keys.sort] : [])];
  if (Object.keys(key).length !== schema.length) return KEY_SCHEMA_MISMATCH_MESSAGE;
  for (const attribute of schema) {
    const problem = keyAttributeProblem(attribute, key[attribute.name], 'key');
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Throws DataError (ValidationException, DynamoDB's message) when the key does not fit the table. */
export function checkProposedKey(kind: RoutedKind, input: unknown, table: TableShape): void {
  const schema = [table.keys.partition, ...(table.keys.sort !== undefined ? [table.keys.sort] : [])];
  const problem =
    kind === 'put'
      ? itemKeyProblem(readWireForWrite((input as PutInput).Item), schema)
      : kind === 'delete'
        ? keyParameterProblem(readWireForWrite((input as DeleteInput).Key), table)
        : kind === 'update'
          ? keyParameterProblem(readWireForWrite((input as UpdateInput).key), table)
          : undefined;
  if (problem !== undefined) throw new DataError('invalid', 'ValidationException', problem);
}
