/**
 * The one place secrets are taken out of text that leaves the process: every
 * error body the API sends (http/error-mapping.ts mapError, which job errors
 * go through too), every line of the server's log (describeForLog), and every
 * error line of the command (cli/main.ts). Removed:
 *
 * - the values of secrets the process knows: the environment's AWS keys and
 *   tokens (and any variable named like a secret), the keys, tokens and
 *   `credential_process` command lines of the shared AWS config and
 *   credentials files, and strings the caller adds (the server's token);
 * - secret-shaped text: AWS access key ids, 40-character secret keys, long
 *   base64 runs (session tokens), request signatures, `--client-secret=…` and
 *   `--token …` arguments, `password=…` settings and `"SecretAccessKey": "…"`
 *   fields.
 *
 * Credential errors are also worded at their cause (credential-errors.ts) so
 * they do not quote a command or its output in the first place; this is the
 * net under everything else.
 */
import { readFileSync, statSync } from 'node:fs';
import { awsConfigFile, awsCredentialsFile, iniSettings } from './aws-profiles.js';

const REDACTED = '[redacted]';

/** Values shorter than this are too likely to be ordinary words to replace everywhere. */
const MIN_SECRET_LENGTH = 8;
/** A variable merely named like a secret must be longer still to be taken for one. */
const MIN_NAMED_SECRET_LENGTH = 16;

/** Environment variables that hold AWS credentials. */
const AWS_SECRET_VARIABLES = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_SECURITY_TOKEN', 'AWS_CONTAINER_AUTHORIZATION_TOKEN', 'AWS_BEARER_TOKEN_BEDROCK'];
/** Any other variable named like a secret. */
const SECRET_NAME = /SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIAL|PRIVATE_KEY|API_KEY|ACCESS_KEY/i;

/** Settings of the AWS files whose values are secret (or, for credential_process, a command line that may carry them). */
const SECRET_SETTINGS = new Set(['aws_access_key_id', 'aws_secret_access_key', 'aws_session_token', 'aws_security_token', 'credential_process']);

/** A flag or setting named like a secret, e.g. `--client-secret`, `api_key`, `password`. */
const SECRET_WORD = String.raw`[A-Za-z0-9_.-]*(?:secret|token|passw(?:or)?d|pwd|credential|api[_-]?key|private[_-]?key|access[_-]?key)[A-Za-z0-9_.-]*`;

const PATTERNS: readonly [RegExp, string][] = [
  // `--client-secret=VALUE`, `--token VALUE`, `-p=VALUE` style arguments (the value quoted or not).
  [new RegExp(String.raw`(?<![\w-])(--?${SECRET_WORD})(=|\s+)("[^"]*"|'[^']*'|[^\s"']+)`, 'gi'), `$1$2${REDACTED}`],
  // `password=VALUE`, `aws_session_token = VALUE` settings (not an expression's `token = :value` placeholders).
  [new RegExp(String.raw`(\b${SECRET_WORD}\s*=\s*)("[^"]*"|'[^']*'|[^\s"',;:#][^\s"',;]*)`, 'gi'), `$1${REDACTED}`],
  // JSON fields: `"SecretAccessKey": "VALUE"`, `"accessToken":"VALUE"`.
  [new RegExp(String.raw`("${SECRET_WORD}"\s*:\s*)"(?:[^"\\]|\\.)*"`, 'gi'), `$1"${REDACTED}"`],
  // AWS access key ids (long-term and temporary).
  [/\b(?:AKIA|ASIA|AROA|AIDA)[A-Z0-9]{12,}\b/g, REDACTED],
  // A request signature (SigV4).
  [/\b(Signature=)[0-9a-f]{64}\b/g, `$1${REDACTED}`],
  // Session tokens and other long base64 runs.
  [/(?<![A-Za-z0-9/+=])[A-Za-z0-9/+=]{100,}/g, REDACTED],
  // AWS secret access keys: 40 characters of base64.
  [/(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])/g, REDACTED],
];

interface CachedFile {
  readonly stamp: string;
  readonly secrets: readonly string[];
}

const fileCache = new Map<string, CachedFile>();

/** The secret values of one AWS file (re-read when it changes). */
function fileSecrets(path: string): readonly string[] {
  let stamp: string;
  try {
    const info = statSync(path);
    stamp = `${info.size}:${info.mtimeMs}:${info.ino}`;
  } catch {
    fileCache.delete(path);
    return [];
  }
  const cached = fileCache.get(path);
  if (cached?.stamp === stamp) return cached.secrets;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  const secrets: string[] = [];
  for (const settings of iniSettings(text).values()) {
    for (const [key, value] of settings) {
      if (SECRET_SETTINGS.has(key)) secrets.push(...valuesOf(value, key === 'credential_process'));
    }
  }
  fileCache.set(path, { stamp, secrets });
  return secrets;
}

/** A setting's value, and for a command line each of its arguments that could be a secret too. */
function valuesOf(value: string, command: boolean): string[] {
  const unquoted = value.replace(/^(["'])(.*)\1$/, '$2');
  if (!command) return [unquoted];
  const parts = [unquoted];
  for (const argument of unquoted.match(/"[^"]*"|'[^']*'|\S+/g) ?? []) {
    const bare = argument.replace(/^(["'])(.*)\1$/, '$2');
    const assigned = /^-[^=]*=(.+)$/.exec(bare);
    if (assigned) parts.push(assigned[1]!.replace(/^(["'])(.*)\1$/, '$2'));
  }
  return parts;
}

/** Every secret value this process knows of: the environment's and the AWS files'. */
function knownSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (AWS_SECRET_VARIABLES.includes(name) || (SECRET_NAME.test(name) && value.length >= MIN_NAMED_SECRET_LENGTH)) secrets.push(value);
  }
  secrets.push(...fileSecrets(awsConfigFile(env)), ...fileSecrets(awsCredentialsFile(env)));
  return secrets;
}

/** The text with every known secret and every secret-shaped string replaced by `[redacted]`. */
export function scrubSecrets(text: string, extra: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): string {
  const values = [...extra, ...knownSecrets(env)].filter((value) => value.length >= MIN_SECRET_LENGTH);
  // Longest first: a command line goes whole before its parts.
  values.sort((a, b) => b.length - a.length);
  let result = text;
  for (const value of values) if (result.includes(value)) result = result.split(value).join(REDACTED);
  for (const [pattern, replacement] of PATTERNS) result = result.replace(pattern, replacement);
  return result;
}
