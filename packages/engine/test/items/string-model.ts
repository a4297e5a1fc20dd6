/**
 * An independent model of how DynamoDB (as DynamoDB Local was seen to do it,
 * docs/strings.md) turns a string into bytes, and the strings that probe it:
 * shared by the engine's property tests and the conformance test that runs
 * the same expectations on DynamoDB Local. Written with a regular expression
 * and Buffer on purpose, not with core's functions, which it checks.
 */
import fc from 'fast-check';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** DynamoDB's bytes of a string: UTF-8, each lone surrogate as `?`. */
export function dynamoBytes(text: string): Buffer {
  return Buffer.from(text.replace(LONE_SURROGATE, '?'), 'utf8');
}

/** Equal exactly when two strings are one key value. */
export const identity = (text: string) => dynamoBytes(text).toString('hex');
export const byteOrder = (a: string, b: string) => Buffer.compare(dynamoBytes(a), dynamoBytes(b));

/** Code units and characters where the encodings of DynamoDB, UTF-16 and TextEncoder part ways. */
const unit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00', '\ufffd', '?', '\u0000', 'k', '>', '@') },
  { weight: 2, arbitrary: fc.constantFrom('\ud800\udc00', '\ud83d\ude00', '\udbff\udfff', '\ude00\ud83d', '\uffff', '\ue000', '\ud7ff', 'é', '\u07ff', '\u0800') },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)) },
);

/** A key string of one to four such units. */
export const keyString = fc.array(unit, { minLength: 1, maxLength: 4 }).map((units) => units.join(''));
