import type { Operation } from '../../context.js';

export const readOperations: Record<string, Operation> = {};
