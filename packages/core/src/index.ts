export * from './errors.js';
export * from './values/types.js';
export * from './values/number.js';
export * from './keys/compare.js';
export type * from './expressions/ast.js';
