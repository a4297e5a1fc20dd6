/**
 * A PartiQL statement's plan on this engine's table: parsed, its table looked
 * up, described as DescribeTable would, and planned by core's planner, which
 * says which DynamoDB operation runs it and with what request.
 */
import {
  attributeValueFromWire,
  attributeValueToWire,
  DynamoError,
  itemToWire,
  parseStatement,
  planStatement,
  statementTableName,
  type AttributeValue,
  type PlannedRequest,
  type StatementPlan,
} from '@dynotable/core';
import type { EngineContext } from '../../context.js';
import { renderTableDescription } from '../../tables/describe.js';
import type { PartiqlTableDescription } from '@dynotable/core';

/** What DynamoDB answers a statement naming a table that does not exist. */
const NO_TABLE_MESSAGE = 'Cannot do operations on a non-existent table';

export interface PlanInput {
  statement: string;
  parameters?: unknown;
  consistentRead?: boolean | undefined;
}

/** Parameters in wire form (binary in base64) to core's values. */
function readParameters(parameters: unknown): AttributeValue[] {
  return Array.isArray(parameters) ? parameters.map((value) => attributeValueFromWire(value)) : [];
}

export function planPartiql(context: EngineContext, { statement, parameters, consistentRead }: PlanInput): StatementPlan {
  const parsed = parseStatement(statement);
  const table = context.catalog.find(statementTableName(parsed));
  if (table === undefined) throw new DynamoError('ResourceNotFoundException', NO_TABLE_MESSAGE);
  const description = renderTableDescription(context, table) as unknown as PartiqlTableDescription;
  // The text, not the tree: syntax errors quote the statement as written.
  return planStatement(statement, description, { parameters: readParameters(parameters), consistentRead });
}

/** A planned request as an operation's wire input: values back in wire form. */
export function requestToWire(request: PlannedRequest): Record<string, unknown> {
  const wire: Record<string, unknown> = { ...request };
  if (request.Key) wire.Key = itemToWire(request.Key);
  if (request.Item) wire.Item = itemToWire(request.Item);
  if (request.ExpressionAttributeValues) {
    wire.ExpressionAttributeValues = Object.fromEntries(
      Object.entries(request.ExpressionAttributeValues).map(([name, value]) => [name, attributeValueToWire(value)]),
    );
  }
  return wire;
}
