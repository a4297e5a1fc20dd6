/**
 * A profile's credentials, with its `credential_process` run by DynoTable
 * rather than by the SDK: the SDK reports a failing command as "Command
 * failed: <the command line>\n<its error output>" — which may hold a client
 * secret — and drops the exit code. Here a failure becomes a
 * CredentialProcessError that knows the profile, the exit code and what went
 * wrong, and nothing of the command line or its output. Every other kind of
 * profile (static keys, roles, web identity, SSO) is the SDK's fromIni.
 */
import { exec } from 'node:child_process';
import { fromIni } from '@aws-sdk/credential-providers';
import { profileSettings } from './aws-profiles.js';

type AwsCredentialIdentityProvider = ReturnType<typeof fromIni>;
type AwsCredentialIdentity = Awaited<ReturnType<AwsCredentialIdentityProvider>>;

export type CredentialProcessProblem = 'failed' | 'invalid-json' | 'wrong-version' | 'invalid' | 'expired';

export class CredentialProcessError extends Error {
  override name = 'CredentialProcessError';
  constructor(
    readonly profile: string,
    readonly problem: CredentialProcessProblem,
    /** When the command exited with an error: its exit code, or the signal that ended it. */
    readonly exit?: { readonly code?: number; readonly signal?: string },
  ) {
    super(`credential_process of profile ${profile}: ${problem}${exit?.code !== undefined ? ` (exit code ${exit.code})` : exit?.signal !== undefined ? ` (${exit.signal})` : ''}`);
  }
}

/** The output a credential_process may print is bounded, as the SDK bounds it. */
const MAX_OUTPUT = 1024 * 1024;

/** Runs the command; its error output is read and dropped, never shown. */
function run(command: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string } | { code?: number; signal?: string }> {
  return new Promise((resolve) => {
    exec(command, { env, maxBuffer: MAX_OUTPUT, windowsHide: true }, (error, stdout) => {
      if (error === null) resolve({ stdout: String(stdout) });
      else {
        const code = typeof error.code === 'number' ? error.code : undefined;
        resolve({ ...(code !== undefined ? { code } : {}), ...(error.signal ? { signal: error.signal } : {}) });
      }
    });
  });
}

/** The credentials the process printed, checked as the SDK checks them. */
function credentialsOf(profile: string, stdout: string): AwsCredentialIdentity {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(stdout.trim()) as Record<string, unknown>;
  } catch {
    throw new CredentialProcessError(profile, 'invalid-json');
  }
  if (data === null || typeof data !== 'object') throw new CredentialProcessError(profile, 'invalid-json');
  if (data['Version'] !== 1) throw new CredentialProcessError(profile, 'wrong-version');
  const { AccessKeyId, SecretAccessKey, SessionToken, Expiration, AccountId } = data;
  if (typeof AccessKeyId !== 'string' || typeof SecretAccessKey !== 'string') throw new CredentialProcessError(profile, 'invalid');
  const expiration = typeof Expiration === 'string' ? new Date(Expiration) : undefined;
  if (expiration !== undefined && expiration.getTime() < Date.now()) throw new CredentialProcessError(profile, 'expired');
  return {
    accessKeyId: AccessKeyId,
    secretAccessKey: SecretAccessKey,
    ...(typeof SessionToken === 'string' ? { sessionToken: SessionToken } : {}),
    ...(expiration !== undefined ? { expiration } : {}),
    ...(typeof AccountId === 'string' ? { accountId: AccountId } : {}),
  };
}

/** The SDK uses credential_process only when the profile has no role, static keys or web identity (credential-provider-ini's order). */
function processCommand(settings: Map<string, string>): string | undefined {
  const command = settings.get('credential_process');
  if (command === undefined || command === '') return undefined;
  if (settings.has('role_arn') || settings.has('web_identity_token_file')) return undefined;
  if (settings.has('aws_access_key_id') && settings.has('aws_secret_access_key')) return undefined;
  return command;
}

/** The credentials of a named profile, as fromIni gives them, with credential_process failures reported without their command and output. */
export function profileCredentials(profile: string, env: NodeJS.ProcessEnv = process.env): AwsCredentialIdentityProvider {
  const ini = fromIni({ profile });
  return async (options) => {
    const command = processCommand(profileSettings(profile, env));
    if (command === undefined) return ini(options);
    const result = await run(command, env);
    if (!('stdout' in result)) throw new CredentialProcessError(profile, 'failed', result);
    return credentialsOf(profile, result.stdout);
  };
}
