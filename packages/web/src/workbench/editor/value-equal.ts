/**
 * Equality of wire values as DynamoDB's `=` sees it (numbers by value, sets
 * regardless of order, maps and lists member by member): core's rule, on the
 * editor's wire form.
 */
import { attributeValueFromWire, attributeValuesEqual, type WireAttributeValue } from '@dynotable/core';

export function valuesEqual(a: WireAttributeValue, b: WireAttributeValue): boolean {
  return attributeValuesEqual(attributeValueFromWire(a), attributeValueFromWire(b));
}
