/** Names for generated code: CloudFormation logical ids, TypeScript classes, Terraform labels. */

function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
}

/** `audit-log` → `AuditLog`; never empty, never starts with a digit. */
export function pascalIdentifier(text: string, fallback: string): string {
  const joined = words(text)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  if (joined === '') return fallback;
  return /^[0-9]/.test(joined) ? `${fallback}${joined}` : joined;
}

/** `AuditLog` → `audit_log`; a valid Terraform/HCL identifier. */
export function snakeIdentifier(text: string, fallback: string): string {
  const joined = words(text)
    .map((word) => word.toLowerCase())
    .join('_');
  if (joined === '') return fallback;
  return /^[0-9]/.test(joined) ? `${fallback}_${joined}` : joined;
}

/** Makes each name unique by appending 2, 3, ... to repeats, in order. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; seen.has(candidate); n++) candidate = `${name}${n}`;
    seen.add(candidate);
    return candidate;
  });
}

/** A file-name stem: lower case letters, digits and dashes. */
export function fileStem(text: string): string {
  return words(text).map((word) => word.toLowerCase()).join('-') || 'model';
}
