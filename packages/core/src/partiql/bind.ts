/**
 * `?` parameters bound from an ExecuteStatement's Parameters, and PartiQL's
 * values turned into AttributeValues.
 */
import type { AttributeValue } from '../values/types.js';
import { validateAttributeValue } from '../values/validate.js';
import type { PqlValue, Statement } from './ast.js';
import { setValue } from './literals.js';
import { partiqlError, partiqlMessages } from './messages.js';

/** How many `?` the statement holds. */
export function countParameters(statement: Statement): number {
  let count = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') {
      if ((node as { kind?: unknown }).kind === 'parameter') count++;
      else Object.values(node).forEach(visit);
    }
  };
  visit(statement);
  return count;
}

/**
 * Refuses fewer Parameters than the statement has `?`, with DynamoDB's
 * message (DynamoDB Local ignores extra ones); checks each value.
 */
export function checkParameters(statement: Statement, parameters: readonly AttributeValue[]): void {
  if (countParameters(statement) > parameters.length) throw partiqlError(partiqlMessages.parameterCount);
  parameters.forEach((value) => validateAttributeValue(value));
}

export function bindValue(value: PqlValue, parameters: readonly AttributeValue[]): AttributeValue {
  switch (value.kind) {
    case 'value':
      return value.value;
    case 'parameter': {
      const bound = parameters[value.index];
      if (bound === undefined) throw partiqlError(partiqlMessages.parameterCount);
      return bound;
    }
    case 'list':
      return { L: value.items.map((item) => bindValue(item, parameters)) };
    case 'map': {
      const map: Record<string, AttributeValue> = {};
      for (const entry of value.entries) map[entry.key] = bindValue(entry.value, parameters);
      return { M: map };
    }
    case 'set': {
      const members = value.items.map((item) => bindValue(item, parameters));
      return setValue(members);
    }
  }
}
