/**
 * The day-window trap: a Query's upper bound (BETWEEN's second value, or
 * `<=`) that stored sort keys go on after. `SK BETWEEN "EVT#2026-06-23T00:00:00Z"
 * AND "EVT#2026-06-23T23:59:59Z"` leaves out every event at 23:59:59 when keys
 * are `EVT#<time>#<eventId>`: each sorts after the bound it starts with. This
 * finds the trap in a key condition and builds the conditions that fix it
 * and count what it leaves out.
 */
import { DynamoError } from '../errors.js';
import { HIGHEST_CHARACTER, keysContinueAfter, prefixUpperBound, sharedDayPrefix } from '../keys/prefix-bound.js';
import type { AttributeValue } from '../values/types.js';
import type { Condition } from './ast.js';
import { and, path, value } from './builder.js';
import { checkKeyCondition, type KeyCondition, type KeySchemaNames } from './key-schema.js';

export interface PrefixBoundOptions {
  /** The table's or index's key names; without them the partition key is the condition's equality. */
  readonly keySchema?: KeySchemaNames;
  /**
   * The sort key templates of what is stored under this key (a model's
   * entities, e.g. `EVT#{at:iso}#{eventId}`). With them the trap is certain
   * when keys always go on after the bound, and absent when none can; without
   * them it is possible.
   */
  readonly sortKeyTemplates?: readonly string[];
}

export interface PrefixBoundTrap {
  readonly sortKey: string;
  readonly operator: 'BETWEEN' | '<=';
  /** BETWEEN's lower bound. */
  readonly lower?: string;
  /** The upper bound as written. */
  readonly bound: string;
  /** `certain`: a template shows that keys go on after the bound; `possible`: keys may. */
  readonly certainty: 'certain' | 'possible';
  /** The template that makes it certain. */
  readonly template?: string;
  /** The bound followed by U+10FFFF. */
  readonly widenedBound: string;
  /** The day both bounds of a whole-day window share, for begins_with. */
  readonly day?: string;
  /** What goes wrong and the fix, in one sentence. */
  readonly explanation: string;
  /** The key condition with the bound followed by U+10FFFF. */
  readonly widened: Condition;
  /** begins_with on the day, when the window is one whole day. */
  readonly beginsWith?: Condition;
  /** The keys the bound leaves out and the widened bound takes in: those that start with it and go on. */
  readonly leftOut: Condition;
}

/** The key condition's parts, or undefined when it is not a valid key condition. */
function keyConditionOf(condition: Condition, keySchema: KeySchemaNames | undefined): KeyCondition | undefined {
  try {
    if (keySchema !== undefined) return checkKeyCondition(condition, keySchema);
    checkKeyCondition(condition);
    // Without names: the two attributes named, the partition key being the one the check accepts as it.
    const names = condition.kind === 'and' ? [nameIn(condition.left), nameIn(condition.right)] : [nameIn(condition)];
    if (names.length < 2) return undefined;
    for (const [partitionKey, sortKey] of [names, [...names].reverse()]) {
      try {
        return checkKeyCondition(condition, { partitionKey: partitionKey!, sortKey });
      } catch (error) {
        if (!(error instanceof DynamoError)) throw error;
      }
    }
    return undefined;
  } catch (error) {
    if (error instanceof DynamoError) return undefined;
    throw error;
  }
}

/** The attribute a checked key condition's part is on. */
function nameIn(condition: Condition): string {
  let operand;
  if (condition.kind === 'compare') operand = condition.left.kind === 'path' ? condition.left : condition.right;
  else if (condition.kind === 'between') operand = condition.operand;
  else if (condition.kind === 'call') operand = condition.args[0];
  const first = operand?.kind === 'path' ? operand.elements[0] : undefined;
  return first?.type === 'name' ? first.name : '';
}

function text(value: AttributeValue | undefined): string | undefined {
  return value !== undefined && 'S' in value ? value.S : undefined;
}

/** What the templates say about keys after the bound; undefined when none can go on after it. */
function certaintyOf(bound: string, templates: readonly string[] | undefined): { certainty: 'certain' | 'possible'; template?: string } | undefined {
  if (templates === undefined || templates.length === 0) return { certainty: 'possible' };
  const verdicts = templates.map((template) => ({ template, verdict: keysContinueAfter(bound, template) }));
  const always = verdicts.find((entry) => entry.verdict === 'always');
  if (always !== undefined) return { certainty: 'certain', template: always.template };
  return verdicts.some((entry) => entry.verdict === 'sometimes') ? { certainty: 'possible' } : undefined;
}

function explain(trap: Pick<PrefixBoundTrap, 'sortKey' | 'operator' | 'bound' | 'template' | 'day'>): string {
  const { sortKey, operator, bound, template, day } = trap;
  const keys = template !== undefined ? `Keys written as ${template} go on after "${bound}", so they sort after it` : `Keys that start with "${bound}" and go on sort after it`;
  const cause = `${keys} (${sortKey} is compared byte by byte, and a longer key sorts after its prefix), and ${operator} leaves them out`;
  const fixes = [`end the range at the bound followed by U+10FFFF, the highest character`, ...(day !== undefined ? [`ask for begins_with(${sortKey}, "${day}")`] : [])];
  return `${cause}: ${fixes.join(', or ')}.`;
}

/**
 * The trap in a key condition, or undefined: the sort key is compared with
 * BETWEEN or `<=`, its upper bound is a string, not already followed by
 * U+10FFFF, that keys can go on after (every string can, unless the given
 * templates say otherwise).
 */
export function findPrefixBoundTrap(condition: Condition, options: PrefixBoundOptions = {}): PrefixBoundTrap | undefined {
  const keyCondition = keyConditionOf(condition, options.keySchema);
  const sort = keyCondition?.sortKey;
  if (keyCondition === undefined || sort === undefined || (sort.operator !== 'BETWEEN' && sort.operator !== '<=')) return undefined;
  const bound = text(sort.values.at(-1));
  if (bound === undefined || bound.endsWith(HIGHEST_CHARACTER)) return undefined;
  const known = certaintyOf(bound, options.sortKeyTemplates);
  if (known === undefined) return undefined;
  const lower = sort.operator === 'BETWEEN' ? text(sort.values[0]) : undefined;
  const day = lower !== undefined ? sharedDayPrefix(lower, bound) : undefined;
  const partition = path(keyCondition.partitionKey.name).eq(value(keyCondition.partitionKey.value));
  const key = path(sort.name);
  const widenedBound = prefixUpperBound(bound);
  const widened = and(partition, sort.operator === 'BETWEEN' ? key.between(value(sort.values[0]!), widenedBound) : key.le(widenedBound));
  const parts = { sortKey: sort.name, operator: sort.operator, bound, ...(known.template !== undefined ? { template: known.template } : {}), ...(day !== undefined ? { day } : {}) };
  return {
    ...parts,
    ...(lower !== undefined ? { lower } : {}),
    certainty: known.certainty,
    widenedBound,
    explanation: explain(parts),
    widened,
    ...(day !== undefined ? { beginsWith: and(partition, key.beginsWith(day)) } : {}),
    // The smallest key that starts with the bound and goes on is the bound followed by U+0000.
    leftOut: and(partition, key.between(`${bound}\u0000`, widenedBound)),
  };
}
