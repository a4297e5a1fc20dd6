/**
 * An error of the data layer and what lies below HTTP (transfers, the
 * journal, connections, seeding), with no HTTP in it: `kind` says what went
 * wrong, `type` and `message` are what the user reads (DynamoDB's own type and
 * words where DynamoDB would refuse the same), `details` what a UI needs
 * beyond the text. The HTTP layer turns the kind into a status
 * (http/error-mapping.ts); the command line prints `type: message`.
 */
export type DataErrorKind =
  /** The request is wrong: fix it and send it again. */
  | 'invalid'
  /** No usable credentials: sign in again. */
  | 'unauthenticated'
  /** Not allowed here (a read-only session). */
  | 'refused'
  | 'not-found'
  /** The state is not what the request expects (changed since, in use, already done). */
  | 'conflict'
  | 'too-large'
  | 'throttled'
  /** Stopped part way; what was done is said in the message. */
  | 'incomplete'
  /** This installation cannot do it (a missing program or package). */
  | 'unsupported'
  /** Another program answered wrongly or stopped. */
  | 'upstream'
  /** Capacity ran out before the work was done: try again later. */
  | 'unavailable'
  | 'timeout';

export class DataError extends Error {
  constructor(
    readonly kind: DataErrorKind,
    readonly type: string,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}
