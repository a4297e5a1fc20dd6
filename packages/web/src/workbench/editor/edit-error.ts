/** An edit the editor cannot save: where it is (path, and offset in the text when known) and what to do. */
import { lineAndColumn, pathText, type PathSegment } from '@dynotable/core';

export class ItemEditError extends Error {
  constructor(
    message: string,
    readonly path: readonly PathSegment[],
    /** Offset in the edited text, when the error points at a spot in it. */
    readonly offset?: number,
  ) {
    super(message);
    this.name = 'ItemEditError';
  }
}

export interface EditProblem {
  /** `tags[2]`, or "(the item)". */
  readonly path: string;
  readonly message: string;
  /** "line 3, column 12", when the problem is at a spot in the text. */
  readonly where?: string;
  readonly offset?: number;
}

export function problemOf(error: ItemEditError, text: string): EditProblem {
  if (error.offset === undefined) return { path: pathText(error.path), message: error.message };
  const { line, column } = lineAndColumn(text, error.offset);
  return { path: pathText(error.path), message: error.message, where: `line ${line}, column ${column}`, offset: error.offset };
}

/** One line: "tags[2] (line 3, column 12): message". */
export function problemText(problem: EditProblem): string {
  return `${problem.path}${problem.where !== undefined ? ` (${problem.where})` : ''}: ${problem.message}`;
}
