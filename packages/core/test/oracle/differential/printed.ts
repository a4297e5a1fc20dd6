/**
 * Printed expressions: core parses an expression DynamoDB accepted, prints the
 * tree back to request fields, and DynamoDB must give the printed request the
 * very same answer (so never a ValidationException it did not give the
 * original). Core must not reject what DynamoDB accepted.
 */
import { isDynamoError } from '@dynotable/core';
import { coreApi } from './core-api.js';
import type { ExpressionRequest } from '@dynotable/core';
import type { Differential } from './compare.js';
import type { Rendered } from './render.js';
import { excuseClauseOrder } from './excuses.js';
import { attributeMaps } from './runners.js';
import type { CaseTarget, ExpressionCase, Outcome } from './runners.js';

const CORE_REJECTED = 'core rejected the original: ';

type Field = 'ConditionExpression' | 'UpdateExpression' | 'ProjectionExpression';

function printed(field: Field, expression: Rendered): Rendered {
  const request: ExpressionRequest = { [field]: expression.text, ...attributeMaps(expression.names, expression.values) };
  const out = coreApi.printExpressions(coreApi.parseRequestExpressions(request));
  const text = out[field];
  if (text === undefined) throw new Error(`printExpressions gave no ${field}`);
  return { text, names: out.ExpressionAttributeNames ?? {}, values: out.ExpressionAttributeValues ?? {} };
}

/** Wraps a differential so its "core" side is DynamoDB's answer to core's printed expression. */
export function printedDifferential(field: Field, base: Differential<ExpressionCase>): Differential<ExpressionCase> {
  return {
    name: `printed ${field}`,
    cases: base.cases,
    dynamo: base.dynamo,
    core: async (target: CaseTarget, c: ExpressionCase): Promise<Outcome> => {
      let expression: Rendered;
      try {
        expression = printed(field, c.expression);
      } catch (error) {
        if (isDynamoError(error)) return `${CORE_REJECTED}${error.name}: ${error.message}`;
        throw error;
      }
      // Same key: each run stores the item afresh before its request.
      return base.dynamo(target, { ...c, expression });
    },
    // Expressions both reject are the parser differential's business, not the printer's.
    excuse: (dynamo: Outcome, core: Outcome, c: ExpressionCase) => {
      if (dynamo.startsWith('ValidationException') && core.startsWith(CORE_REJECTED)) return 'rejected by both';
      return field === 'UpdateExpression' ? excuseClauseOrder(dynamo, core, c.expression.text) : null;
    },
  };
}
