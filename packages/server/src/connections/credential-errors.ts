/**
 * Credential failures as messages that say what to do: an expired SSO session
 * names the `aws sso login` command for the profile, missing credentials list
 * where the SDK looks for them, a failing credential_process says which
 * profile's and with which exit code. Nothing secret reaches the message: a
 * credential_process's command line and output are never quoted (its failure
 * is told in our words), and the SDK's text, where shown, has every known
 * secret and secret-shaped string removed (secrets.ts).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DataError } from '../data/errors.js';
import { CredentialProcessError } from './credential-process.js';
import type { ConnectionInfo } from './registry-types.js';
import { scrubSecrets } from './secrets.js';

const PROVIDER_ERRORS = new Set(['CredentialsProviderError', 'TokenProviderError']);
/** DynamoDB's answers about the request's credentials; their messages may quote the signed request. */
const SIGNATURE_ERRORS = new Set(['InvalidSignatureException', 'IncompleteSignatureException', 'UnrecognizedClientException', 'MissingAuthenticationTokenException', 'SignatureDoesNotMatch']);
const EXPIRED_TOKEN_ERRORS = new Set(['ExpiredTokenException', 'ExpiredToken', 'RequestExpired']);

/** A profile or SSO session that is missing or incomplete in the config files: logging in again would not help. */
const CONFIG_PROBLEM = /could not be found|was not found|is missing required property|configured with invalid SSO|Conflicting SSO|is not configured with|Could not resolve credentials using profile/i;
/** The SSO token is expired, missing from the cache or cannot be refreshed: `aws sso login` fixes each. */
const SSO_SESSION_PROBLEM =
  /has expired|Token is expired|SSO session token associated with profile|in SSO Token|SSO session associated with this profile is invalid|session token not found/i;
/** credential_process failed: its own words, or the shell's when the command exits with an error. */
const PROCESS_PROBLEM = /credential_process|^Command failed:/i;

function redactSecrets(text: string, env: NodeJS.ProcessEnv = process.env): string {
  return scrubSecrets(text, [], env);
}

const PROCESS_PROBLEMS = {
  failed: 'failed',
  'invalid-json': 'did not print JSON credentials',
  'wrong-version': 'printed credentials without "Version": 1',
  invalid: 'printed credentials without AccessKeyId and SecretAccessKey',
  expired: 'returned expired credentials',
} as const;

/** What to do about a failing credential_process, without its command line or output. */
function processFailure(profile: string, what: string): DataError {
  return new DataError(
    'unauthenticated',
    'CredentialsMissing',
    `The credential_process of profile ${profile} ${what}. Run that command yourself to see why (\`aws configure get credential_process --profile ${profile}\` prints it), ` +
      'fix it or the AWS config file, then retry — nothing was lost.',
  );
}

function processError(error: CredentialProcessError): DataError {
  const exit = error.exit?.code !== undefined ? ` with exit code ${error.exit.code}` : error.exit?.signal !== undefined ? ` (ended by ${error.exit.signal})` : '';
  return processFailure(error.profile, `${PROCESS_PROBLEMS[error.problem]}${exit}`);
}

/** The SDK's own words for a credential_process problem it noticed (the default chain): the kind of problem only. */
function sdkProcessProblem(message: string): string {
  if (/^Command failed:/i.test(message)) return 'failed';
  if (/expired/i.test(message)) return PROCESS_PROBLEMS.expired;
  if (/invalid JSON/i.test(message)) return PROCESS_PROBLEMS['invalid-json'];
  if (/Version 1/i.test(message)) return PROCESS_PROBLEMS['wrong-version'];
  if (/invalid credentials/i.test(message)) return PROCESS_PROBLEMS.invalid;
  return 'did not give credentials';
}

function profileOf(info: ConnectionInfo, env: NodeJS.ProcessEnv): string | undefined {
  return info.profile ?? (env['AWS_PROFILE'] || undefined);
}

function loginCommand(profile: string | undefined): string {
  return profile === undefined ? '`aws sso login`' : `\`aws sso login --profile ${profile}\``;
}

function expiredSession(info: ConnectionInfo, env: NodeJS.ProcessEnv): DataError {
  const profile = profileOf(info, env);
  const whose = profile === undefined ? `of connection '${info.name}'` : `of profile ${profile}`;
  return new DataError('unauthenticated', 'ExpiredSession', `The SSO session ${whose} has expired. Run ${loginCommand(profile)}, then retry — nothing was lost.`);
}

function expiredToken(info: ConnectionInfo, env: NodeJS.ProcessEnv): DataError {
  const profile = profileOf(info, env);
  if (profile !== undefined) return expiredSession(info, env);
  return new DataError(
    'unauthenticated',
    'ExpiredSession',
    `The session credentials of connection '${info.name}' have expired. Refresh them (for example AWS_SESSION_TOKEN, or \`aws sso login\`), then retry — nothing was lost.`,
  );
}

function missing(info: ConnectionInfo, env: NodeJS.ProcessEnv, sdkMessage: string): DataError {
  const profile = profileOf(info, env);
  if (PROCESS_PROBLEM.test(sdkMessage)) return processFailure(profile ?? 'default', sdkProcessProblem(sdkMessage));
  if (CONFIG_PROBLEM.test(sdkMessage) && profile !== undefined) {
    return new DataError(
      'unauthenticated',
      'CredentialsMissing',
      `Profile ${profile} has no usable credentials in the AWS config files (${redactSecrets(sdkMessage, env)}). Set it up with \`aws configure --profile ${profile}\` or \`aws configure sso --profile ${profile}\`, then retry.`,
    );
  }
  return new DataError(
    'unauthenticated',
    'CredentialsMissing',
    `No AWS credentials were found for connection '${info.name}'. Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, ` +
      'choose a profile (`aws configure`, or `aws configure sso` then `aws sso login`), or run where an instance or container role is available; then retry.',
  );
}

/**
 * An SDK credential error as a DataError that says what to do; any other
 * error is returned unchanged (with a signature error's message cleaned of
 * secrets). Route areas call it around `client.send`; the registry's clients
 * already apply it to every call.
 */
export function mapCredentialError(error: unknown, info: ConnectionInfo, env: NodeJS.ProcessEnv = process.env): unknown {
  if (!(error instanceof Error) || error instanceof DataError) return error;
  if (error instanceof CredentialProcessError) return processError(error);
  if (PROVIDER_ERRORS.has(error.name)) {
    const message = error.message;
    if (PROCESS_PROBLEM.test(message)) return missing(info, env, message);
    if (SSO_SESSION_PROBLEM.test(message)) return expiredSession(info, env);
    return missing(info, env, message);
  }
  if (EXPIRED_TOKEN_ERRORS.has(error.name)) return expiredToken(info, env);
  if (SIGNATURE_ERRORS.has(error.name)) error.message = redactSecrets(error.message, env);
  return error;
}

/** Every call through `client` reports credential failures as mapCredentialError does. */
export function reportCredentialErrors(client: DynamoDBClient, info: () => ConnectionInfo, env: NodeJS.ProcessEnv = process.env): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        throw mapCredentialError(error, info(), env);
      }
    },
    { step: 'initialize', name: 'dynotableCredentialErrors', override: true },
  );
}
