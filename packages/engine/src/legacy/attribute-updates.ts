/**
 * AttributeUpdates: the legacy form of UpdateItem's changes, as an update
 * core applies. PUT sets, DELETE without a value removes, DELETE with a set
 * subtracts, ADD adds a number, unions a set or appends to a list. Messages
 * measured on DynamoDB Local.
 */
import {
  ATTRIBUTE_TYPE_NAMES,
  attributeValueFromWire,
  INVALID_PARAMETER_PREFIX,
  typeOf,
  validateAttributeValue,
  validationError,
  type UpdateNode,
} from '@dynotable/core';
import { attributePath } from './comparison.js';

const INVALID = INVALID_PARAMETER_PREFIX;

/** What a type-mismatched legacy update fails with (core's evaluator words it for expressions). */
export const LEGACY_TYPE_MISMATCH_MESSAGE = 'Type mismatch for attribute to update';

const TYPE_NAMES = ATTRIBUTE_TYPE_NAMES;

interface WireAttributeUpdate {
  Action?: unknown;
  Value?: unknown;
}

/** The AttributeUpdates map as an UpdateNode, or undefined when absent. */
export function attributeUpdatesToUpdate(updates: unknown, keyNames: readonly string[]): UpdateNode | undefined {
  if (updates === undefined || updates === null || typeof updates !== 'object') return undefined;
  const node: UpdateNode = { kind: 'update', set: [], remove: [], add: [], delete: [] };
  for (const [name, raw] of Object.entries(updates as Record<string, unknown>)) {
    const { Action: action = 'PUT', Value: wire } = (raw ?? {}) as WireAttributeUpdate;
    if (action !== 'PUT' && action !== 'ADD' && action !== 'DELETE') {
      throw validationError('Member must satisfy enum value set: [ADD, DELETE, PUT]');
    }
    if (keyNames.includes(name)) {
      throw validationError(`${INVALID}Cannot update attribute ${name}. This attribute is part of the key`);
    }
    const path = attributePath(name);
    if (wire === undefined || wire === null) {
      if (action !== 'DELETE') throw validationError(`${INVALID}Only DELETE action is allowed when no attribute value is specified`);
      node.remove.push(path);
      continue;
    }
    const value = validateAttributeValue(attributeValueFromWire(wire));
    const type = typeOf(value);
    if (action === 'PUT') {
      node.set.push({ path, value: { kind: 'value', value } });
    } else if (action === 'ADD') {
      if (type === 'L') {
        // Appends, creating the list when absent.
        node.set.push({
          path,
          value: {
            kind: 'call',
            name: 'list_append',
            args: [
              { kind: 'call', name: 'if_not_exists', args: [path, { kind: 'value', value: { L: [] } }] },
              { kind: 'value', value },
            ],
          },
        });
      } else if (type === 'N' || type === 'SS' || type === 'NS' || type === 'BS') {
        node.add.push({ path, value: { kind: 'value', value } });
      } else {
        throw validationError(`${INVALID}ADD action is not supported for the type ${TYPE_NAMES[type]}`);
      }
    } else {
      if (type !== 'SS' && type !== 'NS' && type !== 'BS') {
        throw validationError(`${INVALID}DELETE action with value is not supported for the type ${TYPE_NAMES[type]}`);
      }
      node.delete.push({ path, value: { kind: 'value', value } });
    }
  }
  return node;
}
