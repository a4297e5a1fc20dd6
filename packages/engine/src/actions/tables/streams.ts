/** StreamSpecification: stored and described; the label is the enabling time, as DynamoDB forms it. */
import { validationError } from '@dynotable/core';
import type { TableMeta } from '../../tables/meta.js';
import { asRecord } from './constraints.js';

/** DynamoDB's stream label: the UTC time the stream was enabled, to the millisecond, without a zone. */
function streamLabel(nowMs: number): string {
  return new Date(nowMs).toISOString().replace('Z', '');
}

/** The table's stream settings after a request's StreamSpecification, or undefined for none. */
export function parseStreamSpecification(value: unknown, nowMs: number): TableMeta['stream'] | undefined {
  const stream = asRecord(value);
  if (stream === undefined) return undefined;
  const viewType = stream.StreamViewType;
  if (stream.StreamEnabled === true) {
    if (typeof viewType !== 'string') {
      throw validationError('Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.');
    }
    return { enabled: true, viewType, label: streamLabel(nowMs) };
  }
  if (viewType !== undefined && viewType !== null) {
    throw validationError('Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present.');
  }
  return { enabled: false };
}
