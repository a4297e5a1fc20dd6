export type { AttributeSample, SizeBasis } from './samples.js';
export { DEFAULT_COLLECTION_BYTES, DEFAULT_STRING_MAX_LENGTH, sampleAttribute } from './samples.js';
export type { EntitySizeEstimate } from './entity-item.js';
export { CostModelError, estimateEntitySize, projectedItem, projectedSize, representativeItem, UNDECLARED_ATTRIBUTES } from './entity-item.js';
export type { IndexEntry, SecondaryIndex } from './index-entries.js';
export { indexEntry, secondaryIndexes } from './index-entries.js';
export type { IndexWriteUnits, WriteUnitsBreakdown } from './write-units.js';
export { moveWriteUnits, sumWriteUnits, TRANSACTION_DOUBLES_INDEX_WRITES, writeUnitsForChange } from './write-units.js';
export type { ItemsSource, PatternReadCost } from './pattern-cost.js';
export { DEFAULT_EXPECTED_ITEMS, expectedItemsPerCall, patternReadCost } from './pattern-cost.js';
export type { WriteOperation, WritePathCost } from './write-path-cost.js';
export { writePathCost } from './write-path-cost.js';
export type { EntityStorage, IndexStorage } from './storage-cost.js';
export { entityStorage, sparseShare, STORAGE_OVERHEAD_BYTES } from './storage-cost.js';
export type { ClassPrices, PriceOverride, PriceTable } from './prices.js';
export {
  BILLING_HOURS_PER_MONTH,
  BILLING_SECONDS_PER_MONTH,
  BYTES_PER_GB,
  classPrices,
  DEFAULT_PRICES,
  mergePrices,
  onDemandMonthly,
  provisionedMonthly,
  storageMonthly,
} from './prices.js';
export type { CapacityPool, CostOptions, CostProblem, CostReport, EntityStorageCost, MonthlyCost, PatternCost, WritePathCostRow } from './report.js';
export { costModel } from './report.js';
export type { MoveComparison, MoveOption } from './move-comparison.js';
export { compareMoveWithIndexUpdate } from './move-comparison.js';
export { PriceFileError, readPriceOverride } from './price-override.js';
export { withoutFloatNoise } from './float-noise.js';
export { formatCost, formatMoney, formatUnits, formatUsd, renderCostReport, renderMoveComparison, renderTextTable } from './render.js';
export type { AssumedFill } from './assumptions.js';
export { ASSUMED_DEFAULTS, assumedFills, assumptionEdits, withAssumptions } from './assumptions.js';
export type { CostInput, CostInputReading } from './input-edits.js';
export { acceptAssumptionsEdits, costInputEdits, readCostInput } from './input-edits.js';
export type { ZeroCostReasons } from './zero-reasons.js';
