/**
 * Request ids shaped like DynamoDB's (52 upper-case letters and digits). A
 * random per-process prefix plus a counter: unique without a random draw per
 * request.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const COUNTER_DIGITS = 12;

function randomPrefix(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
  return text;
}

const prefix = randomPrefix(52 - COUNTER_DIGITS);
let counter = 0;

export function nextRequestId(): string {
  counter++;
  return prefix + counter.toString(36).toUpperCase().padStart(COUNTER_DIGITS, '0');
}
