export * from './limits.js';
export * from './messages.js';
export * from './key-checks.js';
export * from './resource-name.js';
