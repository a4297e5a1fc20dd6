export * from './types.js';
export * from './number.js';
