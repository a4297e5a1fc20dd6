/**
 * Where a command goes when it names no place, and which region and endpoint
 * it uses, as the AWS CLI decides (docs/cli.md, "Choosing a connection"):
 *
 * - Flags first: --data/--in-memory name the embedded engine; --endpoint,
 *   --profile and --region a remote target.
 * - With no connection flag, the environment: AWS_ENDPOINT_URL_DYNAMODB or
 *   AWS_ENDPOINT_URL names an endpoint, AWS_PROFILE an AWS profile; with
 *   neither, the embedded engine. (AWS_REGION alone does not send a command
 *   to AWS: it is set in many shells that never meant DynoTable to leave
 *   the machine.)
 * - The endpoint of a remote target: --endpoint, else AWS_ENDPOINT_URL_DYNAMODB,
 *   else AWS_ENDPOINT_URL.
 * - The region: --region, else AWS_REGION, else AWS_DEFAULT_REGION, else the
 *   profile's `region` in ~/.aws/config (the default profile's without one).
 */
import { profileSettings } from '../connections/aws-profiles.js';

export interface RemoteFlags {
  readonly endpoint?: string | undefined;
  readonly profile?: string | undefined;
  readonly region?: string | undefined;
}

export interface RemoteTarget {
  readonly endpoint?: string;
  readonly profile?: string;
  readonly region?: string;
  /** The environment variables that chose or shaped it, for the message that names the target. */
  readonly fromEnvironment: readonly string[];
}

const ENDPOINT_VARIABLES = ['AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ENDPOINT_URL'] as const;
const REGION_VARIABLES = ['AWS_REGION', 'AWS_DEFAULT_REGION'] as const;

function first(env: NodeJS.ProcessEnv, names: readonly string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value !== '') return { name, value };
  }
  return undefined;
}

/** Whether the environment names a remote target for a command given no connection flag. */
export function environmentNamesTarget(env: NodeJS.ProcessEnv): boolean {
  return first(env, [...ENDPOINT_VARIABLES, 'AWS_PROFILE']) !== undefined;
}

/** The region a profile sets in the AWS config file (SSO and credential_process profiles included). */
export function profileRegion(profile: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const region = profileSettings(profile ?? 'default', env).get('region');
  return region === undefined || region === '' ? undefined : region;
}

/** The flags completed from the environment and the config file. */
export function resolveRemote(flags: RemoteFlags, env: NodeJS.ProcessEnv): RemoteTarget {
  const fromEnvironment: string[] = [];
  let endpoint = flags.endpoint;
  if (endpoint === undefined) {
    const variable = first(env, ENDPOINT_VARIABLES);
    if (variable !== undefined) {
      endpoint = variable.value;
      fromEnvironment.push(variable.name);
    }
  }
  let profile = flags.profile;
  if (profile === undefined && env['AWS_PROFILE']) {
    profile = env['AWS_PROFILE'];
    fromEnvironment.push('AWS_PROFILE');
  }
  let region = flags.region;
  if (region === undefined) {
    const variable = first(env, REGION_VARIABLES);
    if (variable !== undefined) {
      region = variable.value;
      fromEnvironment.push(variable.name);
    } else region = profileRegion(profile, env);
  }
  return {
    ...(endpoint !== undefined ? { endpoint } : {}),
    ...(profile !== undefined ? { profile } : {}),
    ...(region !== undefined ? { region } : {}),
    fromEnvironment,
  };
}

/** "AWS eu-west-1 (profile dev)", "http://localhost:8000 (profile dev)", with the variables that chose it. */
export function remoteLabel(target: RemoteTarget, aws: boolean): string {
  const where = aws ? `AWS ${target.region ?? '(no region)'}` : target.endpoint!;
  const notes = [...(target.profile !== undefined ? [`profile ${target.profile}`] : []), ...(target.fromEnvironment.length > 0 ? [`from ${target.fromEnvironment.join(', ')}`] : [])];
  return notes.length === 0 ? where : `${where} (${notes.join('; ')})`;
}

/** An --endpoint (or the variable that gave it) that is not an http(s) URL, in words; undefined when it is one. */
export function endpointProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `must be a URL such as http://localhost:8000 (got '${text}')`;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : `must be an http:// or https:// URL (got '${text}')`;
}
