/** What an apply answers (the preview, the job's result): types only, so the web app can take them (data/shapes.ts). */
import type { ApplyPlan } from '@dynotable/core';
import type { Consumed } from '../shapes.js';

/** What an apply would do on a connection: the plan, and which of its tables exist there already. */
export interface ApplyPreview {
  readonly plan: ApplyPlan;
  readonly existing: readonly string[];
}

export interface AppliedTable {
  readonly name: string;
  readonly modelTable: string;
  /** `skipped`: it existed, and was left as it is (nothing loaded into it). */
  readonly outcome: 'created' | 'skipped';
  readonly loaded: number;
}

export interface ApplyResult {
  readonly model: string;
  readonly tables: readonly AppliedTable[];
  /** Sample items written in all. */
  readonly loaded: number;
  /** Sample items planned for the created tables. */
  readonly planned: number;
  /** Stopped (cancelled) part way through the load. */
  readonly cancelled: boolean;
  readonly consumed: Consumed;
}

