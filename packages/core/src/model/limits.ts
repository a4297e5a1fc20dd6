/** Bounds on what a model file (or model object) may hold, so no input reaches a recursion limit. */

/**
 * How deeply a model's maps and lists may nest (YAML blocks, YAML flow
 * collections, JSON, or an object given to the API). A model needs about ten
 * levels; sample items inside it at most about seventy (DynamoDB's 32 levels
 * of values). The YAML library composes documents by recursion, so deeper
 * text is refused before it is composed: 100,000 `[` would exhaust the stack,
 * or the memory.
 */
export const MAX_MODEL_NESTING = 100;

/**
 * How many times aliases (`*name`) may be expanded: the YAML library's own
 * guard against "billion laughs" alias bombs, at its default.
 */
export const MAX_MODEL_ALIAS_COUNT = 100;

/**
 * How many aliases a model file may hold. The YAML library finds each one's
 * anchor by searching back through the document, so 10,000 aliases take
 * seconds to read; a model has a handful at most.
 */
export const MAX_MODEL_ALIASES = 1000;
