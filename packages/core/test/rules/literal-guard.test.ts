/**
 * Core owns DynamoDB's rules, limits, prices and messages; the engine, the
 * server and the web workbench import them. This test fails when one of them
 * is retyped in packages/{engine,server,web}/src instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const packages = ['engine', 'server', 'web'];

interface Guard {
  readonly what: string;
  readonly pattern: RegExp;
}

/** Each pattern is narrow: the literal in a context where it can only mean DynamoDB's rule. */
const GUARDS: readonly Guard[] = [
  { what: "DynamoDB's message prefix (core: INVALID_PARAMETER_PREFIX, invalidParameterMessage)", pattern: /One or more parameter values were invalid/ },
  { what: "DynamoDB's empty-key message prefix (core: emptyKeyMessage, emptyIndexKeyMessage)", pattern: /One or more parameter values are not valid/ },
  { what: "DynamoDB's GSI consistent-read message (core: GSI_CONSISTENT_READ_MESSAGE)", pattern: /Consistent reads are not supported on global secondary indexes/ },
  { what: 'the 400 KB item limit (core: MAX_ITEM_SIZE_BYTES)', pattern: /\b409_?600\b|\b400\s*\*\s*1_?024\b|\b1_?024\s*\*\s*400\b/ },
  {
    what: 'the 25-request BatchWriteItem limit (core: MAX_BATCH_WRITE_REQUESTS)',
    pattern: /\b[A-Z_]*(?:BATCH|WRITE)[A-Z_]*\s*=\s*25\b|\b(?:length|size|count)\s*(?:[<>]=?|[!=]==)\s*25\b|\b25\s*(?:[<>]=?|[!=]==)\s*\w*\.?(?:length|size|count)\b|(?:slice|splice|chunk\w*)\([^)]*[+,]\s*25\s*\)/,
  },
  {
    what: 'the 100-key BatchGetItem and 100-action transaction limits (core: MAX_BATCH_GET_KEYS, MAX_TRANSACTION_ITEMS)',
    pattern: /\b[A-Z_]*(?:BATCH_GET|GET_KEYS|TRANSACT)[A-Z_]*\s*=\s*100\b|\b(?:keys|actions|items|requests|transactItems|TransactItems)\.length\s*(?:[<>]=?|[!=]==)\s*100\b/,
  },
  { what: 'the 4 MB transaction limit (core: MAX_TRANSACTION_BYTES)', pattern: /\b(?:3\.5|4)\s*\*\s*1_?024\s*\*\s*1_?024\b/ },
  { what: 'a price per unit (core: DEFAULT_PRICES)', pattern: /\b0\.(?:625|125|00065|00013|78125|15625|00081|00016)\b/ },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every line of `text` that one of the guards matches, as `file:line: what`. */
function findRetypedRules(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const guard of GUARDS) if (guard.pattern.test(line)) found.push(`${file}:${index + 1}: ${guard.what}: ${line.trim()}`);
  });
  return found;
}

describe('DynamoDB rules live in core', () => {
  it('no engine, server or web source retypes a message prefix, limit or price', () => {
    const found = packages.flatMap((pkg) =>
      sourceFiles(join(root, 'packages', pkg, 'src')).flatMap((file) => findRetypedRules(relative(root, file), readFileSync(file, 'utf8'))),
    );
    expect(found).toEqual([]);
  });

  it('catches each kind of retyped rule', () => {
    const retyped = [
      "const INVALID = 'One or more parameter values were invalid: ';",
      '`One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value.`',
      "const MESSAGE = 'Consistent reads are not supported on global secondary indexes';",
      'const MAX_ITEM_BYTES = 400 * 1024;',
      'if (bytes > 409600) fail();',
      'export const BATCH_SIZE = 25;',
      'if (batch.length >= 25) flush();',
      'const chunk = keys.slice(start, start + 25);',
      'const BATCH_GET_LIMIT = 100;',
      'if (actions.length > 100) split();',
      'const TRANSACTION_BYTES = 4 * 1024 * 1024;',
      'const WRITE_PRICE_PER_MILLION = 0.625;',
    ];
    for (const line of retyped) expect(findRetypedRules('x.ts', line), line).toHaveLength(1);
  });

  it('leaves unrelated numbers alone', () => {
    const unrelated = ['const HOT_SHARE = 0.25;', 'result.notDeleted.slice(0, 100)', "limit: '100',", 'const MAX_GUARDED_ATTRIBUTES = 100;', 'padding: 25px', 'const MIB = 1024 * 1024;'];
    for (const line of unrelated) expect(findRetypedRules('x.ts', line), line).toEqual([]);
  });
});
