/** The conditions the workload puts on writes, and the model's verdict on each. */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Item } from './canonical.js';
import type { Random } from './random.js';
import type { TableDef } from './schema.js';

export type Condition = { kind: 'exists' } | { kind: 'not-exists' } | { kind: 'written-by'; write: string };

export function conditionHolds(condition: Condition | undefined, current: Item | undefined): boolean {
  if (condition === undefined) return true;
  switch (condition.kind) {
    case 'exists':
      return current !== undefined;
    case 'not-exists':
      return current === undefined;
    case 'written-by':
      return current?.w?.S === condition.write;
  }
}

/** No condition, or one that holds or fails on the current value, about half each. */
export function randomCondition(random: Random, current: Item | undefined, required = false): Condition | undefined {
  const roll = random.next();
  if (!required && roll < 0.45) return undefined;
  if (roll < 0.65) return { kind: 'exists' };
  if (roll < 0.8) return { kind: 'not-exists' };
  const written = current?.w?.S;
  return { kind: 'written-by', write: written !== undefined && random.chance(0.75) ? written : 'stale' };
}

/** Placeholders for one request's expressions. */
export class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, AttributeValue> = {};
  private count = 0;

  name(name: string): string {
    for (const [existing, value] of Object.entries(this.names)) if (value === name) return existing;
    const placeholder = `#n${Object.keys(this.names).length}`;
    this.names[placeholder] = name;
    return placeholder;
  }

  value(value: AttributeValue): string {
    const placeholder = `:v${this.count++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** The request fields, leaving out empty maps (DynamoDB rejects them). */
  fields(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, AttributeValue> } {
    return {
      ...(Object.keys(this.names).length > 0 && { ExpressionAttributeNames: this.names }),
      ...(this.count > 0 && { ExpressionAttributeValues: this.values }),
    };
  }
}

export function conditionExpression(condition: Condition, table: TableDef, placeholders: Placeholders): string {
  switch (condition.kind) {
    case 'exists':
      return `attribute_exists(${placeholders.name(table.hash.name)})`;
    case 'not-exists':
      return `attribute_not_exists(${placeholders.name(table.hash.name)})`;
    case 'written-by':
      return `${placeholders.name('w')} = ${placeholders.value({ S: condition.write })}`;
  }
}
