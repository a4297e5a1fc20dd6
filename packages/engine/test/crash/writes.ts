/**
 * The writes one client sends: PutItem, UpdateItem (moving index keys in and
 * out of sparse indexes), DeleteItem, BatchWriteItem and TransactWriteItems,
 * with conditions that hold or fail. Each comes with the model's prediction of
 * its effect, computed from the key's current value.
 */
import {
  BatchWriteItemCommand,
  DeleteItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient, TransactWriteItem, WriteRequest } from '@aws-sdk/client-dynamodb';
import { canonicalItem, toJson } from './canonical.js';
import type { Item } from './canonical.js';
import { conditionExpression, conditionHolds, Placeholders, randomCondition } from './conditions.js';
import type { Condition } from './conditions.js';
import type { Change, KeyState, Model, Write, WriteKind } from './model.js';
import type { Random } from './random.js';
import type { TableDef } from './schema.js';
import { indexAttributes, newItem } from './values.js';

type Rejection = 'ConditionalCheckFailedException' | 'TransactionCanceledException';

export interface PlannedWrite {
  write: Write;
  send(client: DynamoDBClient): Promise<object>;
  /** The exception a failed condition brings. */
  rejection: Rejection;
  /** A description of what is wrong with an accepted answer, if anything. */
  checkOutput(output: object): string | undefined;
  /** A description of what is wrong with a rejection (e.g. the wrong cancellation reasons), if anything. */
  checkRejection(error: object): string | undefined;
}

interface UpdateParts {
  placeholders: Placeholders;
  expression: string;
  after: Item;
}

function change(state: KeyState, after: Item | undefined): Change {
  return { keyId: state.keyId, table: state.table, key: state.key, before: state.value, after };
}

function sameItem(label: string, expected: Item | undefined, actual: Item | undefined): string | undefined {
  const want = canonicalItem(expected);
  const got = canonicalItem(actual && Object.keys(actual).length > 0 ? actual : undefined);
  return want === got ? undefined : `${label}: expected ${want}, answered ${got}`;
}

const noProblem = () => undefined;

export class WriteFactory {
  private counter = 0;
  private readonly states: KeyState[];

  constructor(
    readonly client: number,
    private readonly random: Random,
    private readonly model: Model,
    keys: ReadonlyArray<{ table: TableDef; key: Item }>,
  ) {
    this.states = keys.map(({ table, key }) => model.own(table, key));
  }

  next(lifecycle: number): PlannedWrite {
    const roll = this.random.next();
    if (roll < 0.22) return this.put(lifecycle);
    if (roll < 0.46) return this.update(lifecycle);
    if (roll < 0.56) return this.delete(lifecycle);
    if (roll < 0.74) return this.batch(lifecycle);
    return this.transaction(lifecycle);
  }

  private newWrite(id: string, kind: WriteKind, lifecycle: number, request: unknown, expectApplied: boolean, changes: Change[]): Write {
    return { id, client: this.client, lifecycle, kind, atomic: kind !== 'BatchWriteItem', request, expectApplied, changes };
  }

  private nextId(): string {
    return `c${this.client}-w${++this.counter}`;
  }

  private buildUpdate(state: KeyState, id: string, marker: string | undefined): UpdateParts {
    const placeholders = new Placeholders();
    const after: Item = { ...(state.value ?? state.key) };
    const set = [`${placeholders.name('w')} = ${placeholders.value({ S: id })}`];
    after.w = { S: id };
    if (marker !== undefined) {
      set.push(`${placeholders.name('tx')} = ${placeholders.value({ S: marker })}`);
      after.tx = { S: marker };
    }
    const moves = indexAttributes(state.table, this.random);
    for (const [name, value] of Object.entries(moves.set)) {
      set.push(`${placeholders.name(name)} = ${placeholders.value(value)}`);
      after[name] = value;
    }
    for (const name of moves.remove) delete after[name];
    let expression = `SET ${set.join(', ')}`;
    if (moves.remove.length > 0) expression += ` REMOVE ${moves.remove.map((n) => placeholders.name(n)).join(', ')}`;
    if (this.random.chance(0.5)) {
      const by = this.random.int(-5, 5);
      expression += ` ADD ${placeholders.name('cnt')} ${placeholders.value({ N: String(by) })}`;
      after.cnt = { N: String(Number(after.cnt?.N ?? '0') + by) };
    }
    return { placeholders, expression, after };
  }

  private withCondition(condition: Condition | undefined, state: KeyState, placeholders: Placeholders) {
    return condition === undefined ? {} : { ConditionExpression: conditionExpression(condition, state.table, placeholders) };
  }

  private put(lifecycle: number): PlannedWrite {
    const state = this.random.pick(this.states);
    const id = this.nextId();
    const item = newItem(state.table, state.key, id, this.random);
    const condition = randomCondition(this.random, state.value);
    const placeholders = new Placeholders();
    const returnOld = this.random.chance(0.5);
    const input = {
      TableName: state.table.name,
      Item: item,
      ...this.withCondition(condition, state, placeholders),
      ...placeholders.fields(),
      ...(returnOld && { ReturnValues: 'ALL_OLD' as const }),
    };
    const write = this.newWrite(id, 'PutItem', lifecycle, input, conditionHolds(condition, state.value), [change(state, item)]);
    return {
      write,
      rejection: 'ConditionalCheckFailedException',
      send: (client) => client.send(new PutItemCommand(input)),
      checkOutput: (output) => (returnOld ? sameItem('ALL_OLD', write.changes[0]!.before, (output as { Attributes?: Item }).Attributes) : undefined),
      checkRejection: noProblem,
    };
  }

  private update(lifecycle: number): PlannedWrite {
    const state = this.random.pick(this.states);
    const id = this.nextId();
    const { placeholders, expression, after } = this.buildUpdate(state, id, undefined);
    const condition = randomCondition(this.random, state.value);
    const returnValues = this.random.pick(['NONE', 'ALL_OLD', 'ALL_NEW'] as const);
    const input = {
      TableName: state.table.name,
      Key: state.key,
      UpdateExpression: expression,
      ...this.withCondition(condition, state, placeholders),
      ...placeholders.fields(),
      ReturnValues: returnValues,
    };
    const write = this.newWrite(id, 'UpdateItem', lifecycle, input, conditionHolds(condition, state.value), [change(state, after)]);
    return {
      write,
      rejection: 'ConditionalCheckFailedException',
      send: (client) => client.send(new UpdateItemCommand(input)),
      checkOutput: (output) => {
        const answered = (output as { Attributes?: Item }).Attributes;
        if (returnValues === 'ALL_OLD') return sameItem('ALL_OLD', write.changes[0]!.before, answered);
        if (returnValues === 'ALL_NEW') return sameItem('ALL_NEW', after, answered);
        return undefined;
      },
      checkRejection: noProblem,
    };
  }

  private delete(lifecycle: number): PlannedWrite {
    const state = this.random.pick(this.states);
    const id = this.nextId();
    const condition = randomCondition(this.random, state.value);
    const placeholders = new Placeholders();
    const input = {
      TableName: state.table.name,
      Key: state.key,
      ...this.withCondition(condition, state, placeholders),
      ...placeholders.fields(),
      ReturnValues: 'ALL_OLD' as const,
    };
    const write = this.newWrite(id, 'DeleteItem', lifecycle, input, conditionHolds(condition, state.value), [change(state, undefined)]);
    return {
      write,
      rejection: 'ConditionalCheckFailedException',
      send: (client) => client.send(new DeleteItemCommand(input)),
      checkOutput: (output) => sameItem('ALL_OLD', write.changes[0]!.before, (output as { Attributes?: Item }).Attributes),
      checkRejection: noProblem,
    };
  }

  private batch(lifecycle: number): PlannedWrite {
    const id = this.nextId();
    const states = this.random.sample(this.states, this.random.int(2, 12));
    const requests = new Map<string, WriteRequest[]>();
    const changes: Change[] = [];
    for (const state of states) {
      const list = requests.get(state.table.name) ?? [];
      requests.set(state.table.name, list);
      if (this.random.chance(0.7)) {
        const item = newItem(state.table, state.key, id, this.random);
        list.push({ PutRequest: { Item: item } });
        changes.push(change(state, item));
      } else {
        list.push({ DeleteRequest: { Key: state.key } });
        changes.push(change(state, undefined));
      }
    }
    const input = { RequestItems: Object.fromEntries(requests) };
    const write = this.newWrite(id, 'BatchWriteItem', lifecycle, input, true, changes);
    return {
      write,
      rejection: 'ConditionalCheckFailedException',
      send: (client) => client.send(new BatchWriteItemCommand(input)),
      checkOutput: (output) => {
        const unprocessed = (output as { UnprocessedItems?: Record<string, unknown[]> }).UnprocessedItems ?? {};
        // The engine applies a batch at once; DynamoDB may leave items unprocessed, which this model does not follow.
        return Object.keys(unprocessed).length === 0 ? undefined : `UnprocessedItems is not empty: ${toJson(unprocessed)}`;
      },
      checkRejection: noProblem,
    };
  }

  private transaction(lifecycle: number): PlannedWrite {
    const id = this.nextId();
    const states = this.random.sample(this.states, this.random.int(2, 6));
    const items: TransactWriteItem[] = [];
    const changes: Change[] = [];
    const failing: number[] = [];
    states.forEach((state, position) => {
      // The first two always write the marker, so every transaction has a set to check.
      const action = position < 2 ? this.random.pick(['put', 'update'] as const) : this.random.pick(['put', 'update', 'delete', 'check'] as const);
      const condition = action === 'check' ? randomCondition(this.random, state.value, true) : this.random.chance(0.3) ? randomCondition(this.random, state.value) : undefined;
      if (!conditionHolds(condition, state.value)) failing.push(position);
      const base = { TableName: state.table.name };
      if (action === 'put') {
        const placeholders = new Placeholders();
        const item = newItem(state.table, state.key, id, this.random, id);
        items.push({ Put: { ...base, Item: item, ...this.withCondition(condition, state, placeholders), ...placeholders.fields() } });
        changes.push(change(state, item));
      } else if (action === 'update') {
        const { placeholders, expression, after } = this.buildUpdate(state, id, id);
        const conditionPart = this.withCondition(condition, state, placeholders);
        items.push({ Update: { ...base, Key: state.key, UpdateExpression: expression, ...conditionPart, ...placeholders.fields() } });
        changes.push(change(state, after));
      } else if (action === 'delete') {
        const placeholders = new Placeholders();
        items.push({ Delete: { ...base, Key: state.key, ...this.withCondition(condition, state, placeholders), ...placeholders.fields() } });
        changes.push(change(state, undefined));
      } else {
        const placeholders = new Placeholders();
        const ConditionExpression = conditionExpression(condition!, state.table, placeholders);
        items.push({ ConditionCheck: { ...base, Key: state.key, ConditionExpression, ...placeholders.fields() } });
        changes.push(change(state, state.value));
      }
    });
    const input = { TransactItems: items };
    const write = this.newWrite(id, 'TransactWriteItems', lifecycle, input, failing.length === 0, changes);
    return {
      write,
      rejection: 'TransactionCanceledException',
      send: (client) => client.send(new TransactWriteItemsCommand(input)),
      checkOutput: noProblem,
      checkRejection: (error) => {
        const reasons = ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code);
        const wrong = reasons.some((code, i) => (code === 'ConditionalCheckFailed') !== failing.includes(i) && code !== 'None');
        const noneFailed = !reasons.some((code) => code === 'ConditionalCheckFailed');
        return reasons.length !== items.length || wrong || noneFailed
          ? `cancellation reasons ${toJson(reasons)}; the model expects ConditionalCheckFailed at positions ${toJson(failing)}`
          : undefined;
      },
    };
  }
}
