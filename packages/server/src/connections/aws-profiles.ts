/**
 * The AWS profiles a user has, by name (and region, where the config file
 * gives one), read from the shared config and credentials files. Only section
 * names and the `region` line are listed: keys and tokens are never read out
 * for display. (profileSettings reads a profile's settings for DynoTable's own
 * use: how its credentials are got, and which values to keep out of messages.)
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AwsProfile } from '../data/shapes.js';

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

/** A top-level `key = value` line (values may not span lines here; nested `  key = value` lines belong to a sub-section). */
const SETTING = /^([A-Za-z0-9_.-]+)\s*=\s*(.*?)\s*$/;

/** Every section's top-level settings, by section header. */
export function iniSettings(text: string): Map<string, Map<string, string>> {
  const found = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([^\]]+)\]/.exec(line);
    if (header) {
      const name = header[1]!.trim();
      current = found.get(name) ?? new Map<string, string>();
      found.set(name, current);
      continue;
    }
    const setting = /^\s/.test(raw) ? null : SETTING.exec(raw);
    if (current && setting) current.set(setting[1]!.toLowerCase(), setting[2]!);
  }
  return found;
}

/** The settings of one profile, as the SDK merges them: the config file's `[profile NAME]` (or `[default]`), overridden by the credentials file's `[NAME]`. */
export function profileSettings(name: string, env: NodeJS.ProcessEnv = process.env): Map<string, string> {
  const settings = new Map<string, string>();
  const config = iniSettings(readOptional(awsConfigFile(env)));
  for (const [header, values] of config) if (configProfileName(header) === name) for (const [key, value] of values) settings.set(key, value);
  for (const [key, value] of iniSettings(readOptional(awsCredentialsFile(env))).get(name) ?? []) settings.set(key, value);
  return settings;
}
