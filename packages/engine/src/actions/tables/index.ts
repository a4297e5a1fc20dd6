import type { Operation } from '../../context.js';

export const tableOperations: Record<string, Operation> = {};
