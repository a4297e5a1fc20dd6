export * from './item-size.js';
export * from './limits.js';
export * from './capacity.js';
