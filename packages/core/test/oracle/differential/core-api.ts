/**
 * The core functions the differential tests compare with DynamoDB Local, read
 * through the package barrel so a test can report which ones are still missing
 * instead of failing to compile.
 */
import * as core from '@dynotable/core';
import type {
  Condition,
  ExpressionRequest,
  Item,
  KeyCondition,
  KeySchemaNames,
  ParsedExpressions,
  ProjectionNode,
  UpdateNode,
} from '@dynotable/core';

export interface CoreExpressionsApi {
  parseRequestExpressions(request: ExpressionRequest): ParsedExpressions;
  evaluateCondition(condition: Condition, item: Item | undefined): boolean;
  applyUpdate(update: UpdateNode, item: Item | undefined): Item;
  projectItem(projection: ProjectionNode, item: Item): Item;
  printExpressions(parsed: ParsedExpressions): ExpressionRequest;
  compileFriendly(text: { key?: string; condition?: string; filter?: string; update?: string; projection?: string }): ExpressionRequest;
  checkKeyCondition(condition: Condition, keySchema: KeySchemaNames): KeyCondition;
}

const exported = core as unknown as Partial<Record<keyof CoreExpressionsApi, unknown>>;

/** Type-checked against the contract, so a changed signature shows up in the type check. */
export const coreApi: CoreExpressionsApi = core;

/** Null when every named function is exported, otherwise a skip reason naming the missing ones. */
export function missingCore(...names: Array<keyof CoreExpressionsApi>): string | null {
  const missing = names.filter((name) => typeof exported[name] !== 'function');
  return missing.length === 0 ? null : `@dynotable/core does not export ${missing.join(', ')} yet`;
}
