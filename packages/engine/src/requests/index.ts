/** Shared readers of request members, used by every item and read operation. */
export * from './parameters.js';
export * from './items.js';
export * from './expressions.js';
export * from './shapes.js';
