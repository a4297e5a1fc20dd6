export type { AnyItem, DerivedEdit, DerivedMismatch, EntityMatch, ItemCheck, KeyValueLike, RecomputedAttribute } from './types.js';
export { recognizeEntity } from './recognize.js';
export { checkDerivedAttributes, itemChecker } from './check.js';
export { buildEntityItem, deriveForEdit, repairDerived } from './edit.js';
