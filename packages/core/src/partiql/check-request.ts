/**
 * The expressions a plan builds are checked by core's expression parser, so a
 * statement is refused for what its request would be refused for (BETWEEN
 * bounds out of order, an unknown attribute type, overlapping paths). DynamoDB
 * words these refusals as for expressions, without the `Invalid
 * FilterExpression:` lead.
 */
import { DynamoError } from '../errors.js';
import { parseRequestExpressions } from '../expressions/request.js';
import type { PlannedRequest } from './plan-types.js';

const LEAD = /^Invalid (?:KeyConditionExpression|ConditionExpression|FilterExpression|UpdateExpression|ProjectionExpression): /;

export function checkPlannedRequest(request: PlannedRequest): void {
  try {
    parseRequestExpressions(request);
  } catch (error) {
    if (error instanceof DynamoError && LEAD.test(error.message)) throw new DynamoError(error.name, error.message.replace(LEAD, ''));
    throw error;
  }
}
