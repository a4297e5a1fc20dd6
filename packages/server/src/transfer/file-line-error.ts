import { TransferInputError } from './errors.js';

/** A bad record in one of several files (an export folder): which file, besides the line. */
export class FileLineError extends TransferInputError {
  constructor(
    readonly file: string,
    error: TransferInputError,
  ) {
    super(error.line, error.type, error.detail);
  }
}
