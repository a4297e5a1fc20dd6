/**
 * The AWS profiles a user has, by name (and region, where the config file
 * gives one), read from the shared config and credentials files. Only section
 * names and the `region` line are kept: keys and tokens are never read out.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface AwsProfile {
  readonly name: string;
  readonly region?: string;
}

function homeOf(env: NodeJS.ProcessEnv): string {
  return env['HOME'] || env['USERPROFILE'] || homedir();
}

/** `~/` at the start of a configured path means the home directory, as the AWS CLI reads it. */
function expandHome(path: string, env: NodeJS.ProcessEnv): string {
  return path.startsWith('~/') ? join(homeOf(env), path.slice(2)) : path;
}

export function awsConfigFile(env: NodeJS.ProcessEnv = process.env): string {
  return expandHome(env['AWS_CONFIG_FILE'] || join(homeOf(env), '.aws', 'config'), env);
}

export function awsCredentialsFile(env: NodeJS.ProcessEnv = process.env): string {
  return expandHome(env['AWS_SHARED_CREDENTIALS_FILE'] || join(homeOf(env), '.aws', 'credentials'), env);
}

function readOptional(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

interface Section {
  readonly header: string;
  region?: string;
}

/** Sections of an INI file with their `region` setting; everything else is skipped unread. */
function sections(text: string): Section[] {
  const found: Section[] = [];
  let current: Section | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([^\]]+)\]/.exec(line);
    if (header) {
      current = { header: header[1]!.trim() };
      found.push(current);
      continue;
    }
    // Only a top-level line (no indentation) can set the profile's own region.
    const region = /^region\s*=\s*([^\s#;]+)/.exec(raw);
    if (current && region) current.region = region[1];
  }
  return found;
}

/** `[profile name]` and `[default]` in the config file; other kinds of section (sso-session, services) are not profiles. */
function configProfileName(header: string): string | undefined {
  if (header === 'default') return 'default';
  const match = /^profile\s+(.+)$/.exec(header);
  return match ? match[1]!.trim() : undefined;
}

export function listProfiles(env: NodeJS.ProcessEnv = process.env): AwsProfile[] {
  const regions = new Map<string, string | undefined>();
  for (const section of sections(readOptional(awsConfigFile(env)))) {
    const name = configProfileName(section.header);
    if (name !== undefined) regions.set(name, section.region ?? regions.get(name));
  }
  for (const section of sections(readOptional(awsCredentialsFile(env)))) {
    if (!regions.has(section.header)) regions.set(section.header, undefined);
  }
  return [...regions]
    .map(([name, region]) => (region === undefined ? { name } : { name, region }))
    .sort((a, b) => (a.name === 'default' ? -1 : b.name === 'default' ? 1 : a.name.localeCompare(b.name)));
}
