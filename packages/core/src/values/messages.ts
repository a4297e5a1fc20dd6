/**
 * DynamoDB's messages for malformed or invalid attribute values. Measured
 * against DynamoDB Local unless a comment says otherwise.
 */
export const EMPTY_VALUE_MESSAGE = 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes';
export const MULTIPLE_TYPES_MESSAGE =
  'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes';
export const NULL_NOT_TRUE_MESSAGE = 'One or more parameter values were invalid: Null attribute value types must have the value of true';
/** The double space and "An string" are DynamoDB's own. */
export const EMPTY_STRING_SET_MESSAGE = 'One or more parameter values were invalid: An string set  may not be empty';
export const EMPTY_NUMBER_SET_MESSAGE = 'One or more parameter values were invalid: An number set  may not be empty';
export const EMPTY_BINARY_SET_MESSAGE = 'One or more parameter values were invalid: Binary sets should not be empty';
export const NULL_STRING_SET_MEMBER_MESSAGE =
  'One or more parameter values were invalid: An string set may not have a null string as a member';
export const NUMBER_SET_DUPLICATES_MESSAGE = 'Input collection contains duplicates';
export const BINARY_SET_DUPLICATES_MESSAGE =
  'One or more parameter values were invalid: Input collection of type BS contains duplicates.';
export const NESTING_TOO_DEEP_MESSAGE =
  'Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit';
export const EMPTY_ATTRIBUTE_NAME_MESSAGE = 'Empty attribute name';
/** A name over 64 KB: DynamoDB Local fails with an internal error, so these words are ours. */
export const ATTRIBUTE_NAME_TOO_LONG_MESSAGE =
  'One or more parameter values were invalid: Attribute name exceeds the maximum length of 65535 bytes';
/**
 * Wrong JSON types (e.g. `{"S": 5}`, bad base64) are refused by DynamoDB's JSON
 * layer before validation. DynamoDB Local coerces or fails with an internal
 * error; the real service's exact text was not captured, so this is ours.
 */
export const MALFORMED_VALUE_MESSAGE = 'Unexpected value type in payload';

/**
 * Lists a string set's members as Java prints a list: `[a, a]`. The real
 * service ends the sentence with a period; DynamoDB Local shows the prefix.
 */
export function stringSetDuplicatesMessage(members: readonly string[]): string {
  return `One or more parameter values were invalid: Input collection [${members.join(', ')}] contains duplicates.`;
}

/** At most this many M/L levels may wrap each other inside one attribute. */
export const MAX_NESTED_CONTAINERS = 31;
