/**
 * Where verification runs, as two functions: one DynamoDB operation in wire
 * JSON (the embedded engine in process, or an AWS SDK client), and a pause.
 * Keeping I/O behind this keeps the verifier itself pure and testable.
 */
export interface VerifyTarget {
  /** Runs one operation; rejects with an error whose `name` is DynamoDB's exception name. */
  execute(operation: string, input: Record<string, unknown>): Promise<Record<string, unknown>>;
  sleep(ms: number): Promise<void>;
  /** True when indexes may lag writes (AWS): index checks retry for a while. */
  readonly eventuallyConsistentIndexes: boolean;
}
