/**
 * UpdateTimeToLive and DescribeTimeToLive. Enabling or disabling takes effect
 * at once (DynamoDB passes through ENABLING/DISABLING for a while); the
 * sweeper in ttl/ deletes expired items in the background.
 */
import { validationError } from '@dynotable/core';
import type { Operation } from '../../context.js';
import { requireNamedTable } from '../../tables/lookup.js';
import {
  checkLength,
  checkRequired,
  checkResourceName,
  ConstraintViolations,
} from '../../validation/constraints.js';
import { asRecord } from './constraints.js';
import { checkRequestShape } from './shapes.js';

export const describeTimeToLive: Operation = (context, input) => {
  checkRequestShape('DescribeTimeToLive', input);
  const v = new ConstraintViolations();
  checkResourceName(v, input.TableName, 'tableName');
  v.throwIfAny();
  const table = requireNamedTable(context, input.TableName);
  const ttl = table.ttl;
  return {
    TimeToLiveDescription: ttl?.enabled
      ? { TimeToLiveStatus: 'ENABLED', AttributeName: ttl.attributeName }
      : { TimeToLiveStatus: 'DISABLED' },
  };
};

export const updateTimeToLive: Operation = (context, input) => {
  checkRequestShape('UpdateTimeToLive', input);
  const v = new ConstraintViolations();
  checkResourceName(v, input.TableName, 'tableName');
  const path = 'timeToLiveSpecification';
  if (checkRequired(v, input.TimeToLiveSpecification, path)) {
    const specification = asRecord(input.TimeToLiveSpecification) ?? {};
    if (checkRequired(v, specification.AttributeName, `${path}.attributeName`)) {
      checkLength(v, specification.AttributeName, `${path}.attributeName`, 1, 255);
    }
    checkRequired(v, specification.Enabled, `${path}.enabled`);
  }
  v.throwIfAny();
  const specification = asRecord(input.TimeToLiveSpecification)!;
  const attributeName = specification.AttributeName as string;
  const enabled = specification.Enabled === true;
  const table = requireNamedTable(context, input.TableName);
  const current = table.ttl;
  if (current?.enabled && current.attributeName !== attributeName) {
    throw validationError('TimeToLive is active on a different AttributeName');
  }
  if (enabled && current?.enabled) throw validationError('TimeToLive is already enabled');
  if (!enabled && !current?.enabled) throw validationError('TimeToLive is already disabled');
  context.catalog.save({ ...table, ttl: { attributeName, enabled } });
  return { TimeToLiveSpecification: { Enabled: enabled, AttributeName: attributeName } };
};
