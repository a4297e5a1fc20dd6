/**
 * A price file (`dynotable cost --prices FILE`, docs/pricing.md) read as
 * strictly as a model: every key known, every price a number of 0 or more. A
 * misspelt key would otherwise be ignored and the default price used without
 * a word; a price of "abc" would make every total NaN.
 */
import { didYouMean } from '../model/suggest.js';
import type { ClassPrices, PriceOverride } from './prices.js';

const TEXT_KEYS = ['asOf', 'region', 'currency', 'source'] as const;
const CLASS_KEYS = ['standard', 'infrequentAccess'] as const;
const PRICE_KEYS: readonly (keyof ClassPrices)[] = ['onDemandWritePerMillion', 'onDemandReadPerMillion', 'provisionedWriteUnitHour', 'provisionedReadUnitHour', 'storageGbMonth'];
const TOP_KEYS: readonly string[] = [...TEXT_KEYS, ...CLASS_KEYS];

/** Why a price file cannot be used: one line per problem, each naming its key's path. */
export class PriceFileError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'PriceFileError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'string' ? `the text ${JSON.stringify(value)}` : `a ${typeof value}`);

function unknownKey(path: string, key: string, known: readonly string[]): string {
  return `${path}${key}: unknown key.${didYouMean(key, known)} The keys here are: ${known.join(', ')}`;
}

function readClass(value: unknown, path: string, problems: string[]): Partial<ClassPrices> {
  if (!isObject(value)) {
    problems.push(`${path}: expected a map of prices (${PRICE_KEYS.join(', ')}), got ${typeName(value)}`);
    return {};
  }
  const prices: Partial<Record<keyof ClassPrices, number>> = {};
  for (const [key, price] of Object.entries(value)) {
    if (!(PRICE_KEYS as readonly string[]).includes(key)) problems.push(unknownKey(`${path}.`, key, PRICE_KEYS));
    else if (typeof price !== 'number' || !Number.isFinite(price)) problems.push(`${path}.${key}: a price is a number of dollars, such as 0.125; got ${typeName(price)}`);
    else if (price < 0) problems.push(`${path}.${key}: a price cannot be negative (got ${price})`);
    else prices[key as keyof ClassPrices] = price;
  }
  return prices;
}

/** The parsed JSON of a price file as an override of the default prices; throws PriceFileError naming every problem. */
export function readPriceOverride(value: unknown): PriceOverride {
  if (!isObject(value)) throw new PriceFileError([`expected a JSON object with any of: ${TOP_KEYS.join(', ')}; got ${typeName(value)}`]);
  const problems: string[] = [];
  const override: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if ((TEXT_KEYS as readonly string[]).includes(key)) {
      if (typeof entry === 'string') override[key] = entry;
      else problems.push(`${key}: expected text, got ${typeName(entry)}`);
    } else if ((CLASS_KEYS as readonly string[]).includes(key)) override[key] = readClass(entry, key, problems);
    else problems.push(unknownKey('', key, TOP_KEYS));
  }
  if (problems.length > 0) throw new PriceFileError(problems);
  return override as PriceOverride;
}
