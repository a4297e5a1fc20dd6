/**
 * The verify page's choices in the URL (`?connection=…&items=…&seed=…&keep=1`),
 * so a run can be shared and repeated. Options are kept as typed; what cannot
 * be read falls back to the default.
 */
import type { ConnectionInfo } from '../api/types.js';

export interface VerifyChoices {
  /** As chosen; undefined for the default connection. */
  readonly connection: string | undefined;
  /** Sample items, as typed. */
  readonly items: string;
  readonly seed: string;
  readonly keep: boolean;
}

const DEFAULT_ITEMS = '1000';
const DEFAULT_SEED = '1';
/** The server's bounds for `items` and `seed`. */
const MAX_ITEMS = 1_000_000;
const MAX_SEED = 2 ** 31 - 1;

export function readChoices(search: string): VerifyChoices {
  const params = new URLSearchParams(search);
  const connection = params.get('connection');
  return {
    connection: connection === null || connection === '' ? undefined : connection,
    items: params.get('items') ?? DEFAULT_ITEMS,
    seed: params.get('seed') ?? DEFAULT_SEED,
    keep: params.get('keep') === '1',
  };
}

/** `search` with the choices written in, every other parameter kept; defaults are left out. */
export function writeChoices(search: string, choices: VerifyChoices): string {
  const params = new URLSearchParams(search);
  const set = (name: string, value: string | undefined, fallback?: string) => {
    if (value === undefined || value === fallback) params.delete(name);
    else params.set(name, value);
  };
  set('connection', choices.connection);
  set('items', choices.items, DEFAULT_ITEMS);
  set('seed', choices.seed, DEFAULT_SEED);
  set('keep', choices.keep ? '1' : undefined);
  return params.toString();
}

/** The connection to verify on: the one in the URL if it exists, else the embedded engine, else the first. */
export function chosenConnection(connections: readonly ConnectionInfo[], id: string | undefined): ConnectionInfo | undefined {
  return connections.find((each) => each.id === id) ?? connections.find((each) => each.kind === 'embedded') ?? connections[0];
}

export type WholeNumber = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string };

function wholeNumber(typed: string, min: number, max: number, what: string): WholeNumber {
  const text = typed.trim();
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    return { ok: false, message: `${what} is a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}` };
  }
  return { ok: true, value: Number(text) };
}

export const readItems = (typed: string) => wholeNumber(typed, 1, MAX_ITEMS, 'The number of sample items');
export const readSeed = (typed: string) => wholeNumber(typed, 0, MAX_SEED, 'The seed');
