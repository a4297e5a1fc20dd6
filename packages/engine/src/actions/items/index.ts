import type { Operation } from '../../context.js';

export const itemOperations: Record<string, Operation> = {};
