export * from './errors.js';
export * from './values/index.js';
export * from './keys/index.js';
export * from './size/index.js';
export * from './expressions/index.js';
export * from './evaluator/index.js';
export * from './codegen/index.js';
