export type * from './ast.js';
