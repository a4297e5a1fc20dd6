export * from './types.js';
export * from './number.js';
export * from './messages.js';
export * from './base64.js';
export * from './shape.js';
export * from './wire.js';
export * from './validate.js';
export * from './native.js';
