export * from './compare.js';
export * from './codec.js';
export * from './integer-codec.js';
export * from './decimal-codec.js';
export * from './timestamp-codec.js';
export * from './template.js';
export * from './prefix-bound.js';
