/** What a finished run was about: where it ran and the model it verified, for the links into the query panel. */
import type { Model, PatternPlan } from '@dynotable/core';
import { planPatterns, verifiedModel } from './pattern-plans.js';
import type { VerifyReportJson } from './verify-report.js';

export interface VerifiedRun {
  readonly connectionId: string;
  readonly connectionName: string;
  /** The model as verify ran it (designed first when it had no keys). */
  readonly model: Model;
  readonly plans: ReadonlyMap<string, PatternPlan>;
}

export function verifiedRun(connectionId: string, connectionName: string, model: Model): VerifiedRun {
  const verified = verifiedModel(model);
  return { connectionId, connectionName, model: verified, plans: planPatterns(verified) };
}

export interface ReportView {
  readonly run: VerifiedRun;
  readonly report: VerifyReportJson;
}
