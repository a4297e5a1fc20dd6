/**
 * One AST for every DynamoDB expression kind. The tree is pure data and holds
 * resolved attribute names and values: placeholders (`#n`, `:v`) exist only in
 * the text form. The parser resolves them; the printer allocates them again.
 * So `parse(print(ast))` gives back an equal tree.
 */
import type { AttributeValue } from '../values/types.js';

/** One step of a document path: a map key / top-level name, or a list index. */
export type PathElement = { type: 'name'; name: string } | { type: 'index'; index: number };

/** A document path such as `a.b[0].c`. The first element is always a name. */
export interface PathNode {
  kind: 'path';
  elements: PathElement[];
}

/** A literal value (written `:v` in DynamoDB's text, as a literal in friendly text). */
export interface ValueNode {
  kind: 'value';
  value: AttributeValue;
}

export type ConditionFunctionName =
  | 'attribute_exists'
  | 'attribute_not_exists'
  | 'attribute_type'
  | 'begins_with'
  | 'contains';
export type OperandFunctionName = 'size' | 'if_not_exists' | 'list_append';
export type FunctionName = ConditionFunctionName | OperandFunctionName;

/**
 * A function call. The same node serves as a condition (`attribute_exists(a)`)
 * and as an operand (`size(a)`, `if_not_exists(a, :v)`); where each function may
 * stand is checked by the validator with DynamoDB's messages.
 */
export interface CallNode {
  kind: 'call';
  name: FunctionName;
  args: Operand[];
}

/** `a + b` or `a - b`: only in the value of a SET action. */
export interface ArithmeticNode {
  kind: 'arithmetic';
  operator: '+' | '-';
  left: Operand;
  right: Operand;
}

export type Operand = PathNode | ValueNode | CallNode | ArithmeticNode;

export type Comparator = '=' | '<>' | '<' | '<=' | '>' | '>=';

export interface CompareNode {
  kind: 'compare';
  operator: Comparator;
  left: Operand;
  right: Operand;
}

export interface BetweenNode {
  kind: 'between';
  operand: Operand;
  low: Operand;
  high: Operand;
}

export interface InNode {
  kind: 'in';
  operand: Operand;
  list: Operand[];
}

/** Binary AND / OR, left-associative as parsed: `a AND b AND c` is `(a AND b) AND c`. */
export interface LogicalNode {
  kind: 'and' | 'or';
  left: Condition;
  right: Condition;
}

export interface NotNode {
  kind: 'not';
  operand: Condition;
}

/** A ConditionExpression, FilterExpression or KeyConditionExpression. */
export type Condition = CompareNode | BetweenNode | InNode | CallNode | LogicalNode | NotNode;

export interface SetAction {
  path: PathNode;
  /** A path, a value, a function (`if_not_exists`, `list_append`) or `x + y` / `x - y`. */
  value: Operand;
}

export interface AddAction {
  path: PathNode;
  value: Operand;
}

export interface DeleteAction {
  path: PathNode;
  value: Operand;
}

/**
 * An UpdateExpression. Each clause is a list (empty when absent); the printer
 * writes them in the order SET, REMOVE, ADD, DELETE.
 */
export interface UpdateNode {
  kind: 'update';
  set: SetAction[];
  remove: PathNode[];
  add: AddAction[];
  delete: DeleteAction[];
}

/** A ProjectionExpression: a list of document paths. */
export interface ProjectionNode {
  kind: 'projection';
  paths: PathNode[];
}

/** The five places DynamoDB takes an expression, named as in its error messages. */
export type ExpressionKind =
  | 'KeyConditionExpression'
  | 'ConditionExpression'
  | 'FilterExpression'
  | 'UpdateExpression'
  | 'ProjectionExpression';

/** ExpressionAttributeNames / ExpressionAttributeValues as sent with a request. */
export interface ExpressionAttributes {
  names?: Record<string, string> | undefined;
  values?: Record<string, AttributeValue> | undefined;
}
