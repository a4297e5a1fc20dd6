/**
 * Scan: every item of a table or index in scan order (partitions by token),
 * a page at a time; a parallel scan reads one segment of the token space.
 */
import { validationError } from '@dynotable/core';
import { CapacityTally, renderConsumedCapacity } from '../../capacity/consumed.js';
import type { Operation } from '../../context.js';
import { filterToCondition } from '../../legacy/filter.js';
import { indexSpace, tableSpace } from '../../storage/storage.js';
import { partitionToken, segmentRange } from '../../storage/token.js';
import type { ConstraintViolations } from '../../validation/constraints.js';
import { readPage, renderPage } from './page.js';
import { readRequest } from './read-request.js';
import { resolveShape } from './select.js';
import { checkItemRequestShape } from '../../requests/shapes.js';
import { readExclusiveStartKey } from './start-key.js';

const MAX_TOTAL_SEGMENTS = 1_000_000;

interface Segment {
  index: number;
  total: number;
}

/** The framework bounds of Segment and TotalSegments; how they go together is `readSegment`'s. */
function checkSegments(input: Record<string, unknown>, violations: ConstraintViolations): void {
  const { Segment: segment, TotalSegments: total } = input;
  if (typeof total === 'number') {
    if (total < 1) violations.add(total, 'totalSegments', 'Member must have value greater than or equal to 1');
    else if (total > MAX_TOTAL_SEGMENTS) {
      violations.add(total, 'totalSegments', `Member must have value less than or equal to ${MAX_TOTAL_SEGMENTS}`);
    }
  }
  if (typeof segment === 'number') {
    if (segment < 0) violations.add(segment, 'segment', 'Member must have value greater than or equal to 0');
    else if (segment > MAX_TOTAL_SEGMENTS - 1) {
      violations.add(segment, 'segment', `Member must have value less than or equal to ${MAX_TOTAL_SEGMENTS - 1}`);
    }
  }
}

function readSegment(input: Record<string, unknown>): Segment {
  const hasSegment = input.Segment !== undefined && input.Segment !== null;
  const hasTotal = input.TotalSegments !== undefined && input.TotalSegments !== null;
  if (hasSegment && !hasTotal) {
    throw validationError('The TotalSegments parameter is required but was not present in the request when Segment parameter is present');
  }
  if (hasTotal && !hasSegment) {
    throw validationError('The Segment parameter is required but was not present in the request when parameter TotalSegments is present');
  }
  const { Segment: index, TotalSegments: total } = input;
  if (typeof index === 'number' && typeof total === 'number' && index >= total) {
    throw validationError(
      `The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: ${index} is not less than TotalSegments: ${total}`,
    );
  }
  return hasSegment ? { index: input.Segment as number, total: input.TotalSegments as number } : { index: 0, total: 1 };
}

export const scan: Operation = (context, input) => {
  checkItemRequestShape('Scan', input);
  let segment: Segment = { index: 0, total: 1 };
  const request = readRequest(
    context,
    input,
    'Scan',
    (violations) => checkSegments(input, violations),
    () => (segment = readSegment(input)),
  );
  const { table, index, parsed } = request;
  const filter = parsed.filter ?? filterToCondition(input.ScanFilter, request.conditionalOperator);
  const shape = resolveShape(table, index, request.select, request.projection, filter, 'Scan');
  const start = readExclusiveStartKey(input.ExclusiveStartKey, table, index);
  if (start && segment.total > 1) {
    const token = partitionToken(start.position.partition);
    const { start: first, end } = segmentRange(segment.index, segment.total);
    if (token < first || token >= end) throw validationError('Exclusive start key must lie within the segment');
  }
  const space = index ? indexSpace(table.name, index.name) : tableSpace(table.name);
  const entries = context.storage.scan(space, segment, start?.position);
  const tally = new CapacityTally();
  const page = readPage(
    entries,
    { storage: context.storage, table, index, shape, filter, limit: request.limit, consistent: request.consistent },
    tally,
  );
  return renderPage(page, renderConsumedCapacity(table, tally, request.returnConsumedCapacity));
};
