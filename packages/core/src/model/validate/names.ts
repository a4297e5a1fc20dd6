/** Naming rules shared by the checks. */
import type { ProblemList } from '../errors.js';

const DYNAMODB_NAME = /^[a-zA-Z0-9_.-]+$/;
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Table and index names: 3–255 characters from a-z, A-Z, 0-9, `_`, `-` and `.`. */
export function checkDynamoName(problems: ProblemList, path: string, what: string, name: string): void {
  if (name.length < 3 || name.length > 255) {
    problems.add(path, `${what} name "${name}" is ${name.length} character${name.length === 1 ? '' : 's'} long; DynamoDB needs 3 to 255`);
  }
  if (!DYNAMODB_NAME.test(name)) {
    const bad = [...new Set(name.replace(/[a-zA-Z0-9_.-]/g, ''))].join('');
    problems.add(path, `${what} name "${name}" contains "${bad}"; use only letters, digits, "_", "-" and "."`);
  }
}

/** Access pattern and write path names become function names in generated code. */
export function checkIdentifier(problems: ProblemList, path: string, what: string, name: string): void {
  if (!IDENTIFIER.test(name)) {
    problems.add(path, `${what} name "${name}" must be an identifier: a letter, then letters, digits or "_" (for example listOpenTickets)`);
  }
}

/** Reports every name after its first use, by the position it appears at. */
export function checkUnique(
  problems: ProblemList,
  names: readonly string[],
  pathOf: (name: string, index: number) => string,
  what: string,
): void {
  const first = new Map<string, number>();
  names.forEach((name, index) => {
    const earlier = first.get(name);
    if (earlier === undefined) first.set(name, index);
    else problems.add(pathOf(name, index), `${what} "${name}" is declared twice (positions ${earlier + 1} and ${index + 1}); rename or remove one`);
  });
}
