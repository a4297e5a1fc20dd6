/**
 * Vitest global setup for the oracle project: the run's one DynamoDB Local,
 * shared with the conformance project (see ../support/dynamodb-local-setup.ts).
 * Without Java the oracle tests are skipped locally, but CI must fail.
 */
export { default } from '../support/dynamodb-local-setup.js';
