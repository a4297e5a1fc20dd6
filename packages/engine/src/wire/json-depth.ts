/**
 * A bound on how deeply a request's JSON may nest: core's, shared with the
 * workbench API (parsing and converting attribute values recurse, so a body of
 * a million `[` would otherwise exhaust the stack).
 */
export { nestsDeeperThan } from '@dynotable/core';
