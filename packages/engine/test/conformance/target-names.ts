/** The conformance targets, and which of them this run uses (CONFORMANCE_TARGETS, comma-separated). */
const TARGET_NAMES = ['engine-inprocess', 'engine-http', 'engine-disk', 'dynamodb-local'] as const;

export type TargetName = (typeof TARGET_NAMES)[number];

export function selectedTargetNames(): TargetName[] {
  const wanted = process.env.CONFORMANCE_TARGETS;
  if (!wanted) return [...TARGET_NAMES];
  const names = wanted.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.filter((name) => !(TARGET_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(`CONFORMANCE_TARGETS names unknown targets: ${unknown.join(', ')} (known: ${TARGET_NAMES.join(', ')})`);
  }
  return names as TargetName[];
}
