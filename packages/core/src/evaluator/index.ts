export { resolvePath } from './path.js';
export { attributeValuesEqual } from './equality.js';
export { evaluateCondition, evaluateConditionOperand } from './condition.js';
export { applyUpdate, applyUpdateDetailed } from './update.js';
export type { UpdateResult } from './update.js';
export { projectItem } from './projection.js';
export {
  ARITHMETIC_PRECISION_MESSAGE,
  INCORRECT_OPERAND_TYPE_MESSAGE,
  INVALID_UPDATE_PATH_MESSAGE,
  MISSING_OPERAND_MESSAGE,
} from './messages.js';
