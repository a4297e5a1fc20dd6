/**
 * Item values for the crash workload: every attribute type, numbers already in
 * DynamoDB's normalized form (so a stored value reads back as written), index
 * keys that are sometimes absent (sparse indexes) and payloads of varied size.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Item } from './canonical.js';
import type { Random } from './random.js';
import { EVENTS, USERS } from './schema.js';
import type { TableDef } from './schema.js';

/** A number in normalized form: no leading or trailing zeros, no '-0'. */
function randomNumber(random: Random): string {
  const whole = random.int(-999, 999);
  switch (random.int(0, 3)) {
    case 0:
      return String(whole);
    case 1: {
      const fraction = String(random.int(1, 99)).padStart(2, '0').replace(/0+$/, '');
      const sign = whole < 0 || (whole === 0 && random.chance(0.5)) ? '-' : '';
      return `${sign}${Math.abs(whole)}.${fraction}`;
    }
    case 2:
      return `${random.int(1, 9)}${'0'.repeat(random.int(10, 30))}${random.int(1, 9)}`;
    default:
      return String(random.int(0, 9));
  }
}

function randomBytes(random: Random, min: number, max: number): Uint8Array {
  const bytes = new Uint8Array(random.int(min, max));
  for (let i = 0; i < bytes.length; i++) bytes[i] = random.pick([0x00, 0x01, 0x7f, 0x80, 0xff, random.int(0, 255)]);
  return bytes;
}

const GROUPS = ['g0', 'g1', 'g2', 'g3'];
const OWNERS = ['o0', 'o1', 'o2'];
const STATES = ['open', 'done', 'hold'];

/** Attributes that move an item within (or out of) its table's indexes. */
export function indexAttributes(table: TableDef, random: Random): { set: Item; remove: string[] } {
  const set: Item = {};
  const remove: string[] = [];
  const maybe = (name: string, value: () => AttributeValue) => {
    const roll = random.next();
    if (roll < 0.55) set[name] = value();
    else if (roll < 0.7) remove.push(name);
  };
  if (table === USERS) {
    maybe('grp', () => ({ S: random.pick(GROUPS) }));
    maybe('score', () => ({ N: randomNumber(random) }));
    maybe('owner', () => ({ S: random.pick(OWNERS) }));
  } else {
    maybe('state', () => ({ S: random.pick(STATES) }));
    maybe('rank', () => ({ N: randomNumber(random) }));
    maybe('tag', () => ({ B: randomBytes(random, 1, 3) }));
  }
  return { set, remove };
}

function payload(random: Random): Item {
  const extra: Item = {};
  if (random.chance(0.3)) extra.pad = { S: 'x'.repeat(random.int(100, 6000)) };
  if (random.chance(0.4)) {
    extra.data = {
      M: {
        list: { L: [{ N: randomNumber(random) }, { S: `s${random.int(0, 99)}` }, { BOOL: random.chance(0.5) }, { NULL: true }] },
        bytes: { B: randomBytes(random, 0, 8) },
        names: { SS: [...new Set(['a', 'b', `n${random.int(0, 9)}`])] },
        nums: { NS: [...new Set([randomNumber(random), randomNumber(random)])] },
        blobs: { BS: [Uint8Array.of(1), Uint8Array.of(2, random.int(3, 255))] },
      },
    };
  }
  return extra;
}

/** A whole new item for `key`, written by `write`. */
export function newItem(table: TableDef, key: Item, write: string, random: Random, marker?: string): Item {
  const item: Item = { ...key, w: { S: write }, cnt: { N: String(random.int(0, 50)) }, ...indexAttributes(table, random).set, ...payload(random) };
  if (marker !== undefined) item.tx = { S: marker };
  return item;
}

/** The keys client `client` owns: only it writes them. */
export function ownedKeys(client: number, users: number, events: number): Array<{ table: TableDef; key: Item }> {
  const keys: Array<{ table: TableDef; key: Item }> = [];
  for (let i = 0; i < users; i++) keys.push({ table: USERS, key: { pk: { S: `u${client}-${i}` } } });
  for (let i = 0; i < events; i++) {
    keys.push({ table: EVENTS, key: { pk: { S: `e${client}-${Math.floor(i / 4)}` }, sk: { N: String((i % 4) * 10 - 15) } } });
  }
  return keys;
}
