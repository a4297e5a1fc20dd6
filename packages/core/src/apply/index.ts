export type { CreateTableOptions, CreateTableRequest, GlobalIndexRequest, ThroughputRequest } from './create-table.js';
export { createTableRequest } from './create-table.js';
export type { LiveTableDescription, LiveTimeToLive } from './live-table.js';
export type { CompareOptions, TableComparison, TableDifference, TableDifferenceKind } from './table-diff.js';
export { compareTable } from './table-diff.js';
export type { TableUpdateRequest } from './table-updates.js';
export type { ApplyOptions, ApplyPlan, PlannedTable } from './plan.js';
export { planApply, planSampleItems, sampleRecordsByCount } from './plan.js';
