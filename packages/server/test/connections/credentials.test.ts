import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '../../src/data/errors.js';
import { mapError } from '../../src/http/error-mapping.js';
import { listProfiles } from '../../src/connections/aws-profiles.js';
import { mapCredentialError } from '../../src/connections/credential-errors.js';
import { createConnectionRegistry } from '../../src/connections/registry.js';
import type { ConnectionInfo, ConnectionRegistry } from '../../src/connections/registry-types.js';

const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const SSO_TOKEN = 'sso-access-token-that-must-stay-private';
const START_URL = 'https://corp.awsapps.com/start';

let home: string;
let registry: ConnectionRegistry;

/** A temporary HOME with AWS config and credentials files, and the environment pointing at them. */
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'dynotable-aws-'));
  mkdirSync(join(home, '.aws', 'sso', 'cache'), { recursive: true });
  vi.stubEnv('HOME', home);
  vi.stubEnv('USERPROFILE', home);
  vi.stubEnv('AWS_CONFIG_FILE', join(home, '.aws', 'config'));
  vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(home, '.aws', 'credentials'));
  vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
  for (const name of ['AWS_PROFILE', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_REGION', 'AWS_DEFAULT_REGION', 'AWS_WEB_IDENTITY_TOKEN_FILE', 'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI', 'AWS_CONTAINER_CREDENTIALS_FULL_URI']) {
    vi.stubEnv(name, undefined);
  }
  registry = createConnectionRegistry({ seedExamples: false });
});

afterEach(async () => {
  await registry.closeAll();
  vi.unstubAllEnvs();
  rmSync(home, { recursive: true, force: true });
});

function writeConfig(text: string): void {
  writeFileSync(join(home, '.aws', 'config'), text);
}

function writeSsoCache(key: string, token: Record<string, unknown>): void {
  const name = createHash('sha1').update(key).digest('hex');
  writeFileSync(join(home, '.aws', 'sso', 'cache', `${name}.json`), JSON.stringify(token));
}

function writeScript(name: string, body: string): string {
  const path = join(home, name);
  writeFileSync(path, body);
  return `"${process.execPath}" "${path}"`;
}

/** The error as thrown (its message unscrubbed) and the HTTP status the API answers it with. */
async function failure(connectionId: string): Promise<{ status: number; type: string; message: string }> {
  try {
    await registry.get(connectionId).client.send(new ListTablesCommand({ Limit: 1 }));
  } catch (error) {
    expect(error).toBeInstanceOf(DataError);
    const { type, message } = error as DataError;
    return { status: mapError(error).status, type, message };
  }
  throw new Error('expected the call to fail');
}

function expectNoSecrets(text: string): void {
  for (const secret of [ACCESS_KEY, SECRET_KEY, SSO_TOKEN]) expect(text).not.toContain(secret);
}

describe('an expired SSO session', () => {
  it('(a profile with sso_start_url) says to run aws sso login for the profile', async () => {
    writeConfig(`[profile corp]\nsso_start_url = ${START_URL}\nsso_region = eu-west-1\nsso_account_id = 123456789012\nsso_role_name = ReadOnly\nregion = eu-west-1\n`);
    writeSsoCache(START_URL, { accessToken: SSO_TOKEN, expiresAt: '2020-01-01T00:00:00Z', region: 'eu-west-1', startUrl: START_URL });
    const info = await registry.add({ kind: 'aws', profile: 'corp', region: 'eu-west-1' });
    const error = await failure(info.id);
    expect(error.status).toBe(401);
    expect(error.type).toBe('ExpiredSession');
    expect(error.message).toBe('The SSO session of profile corp has expired. Run `aws sso login --profile corp`, then retry — nothing was lost.');
  });

  it('(a profile with an sso-session section) says the same', async () => {
    writeConfig(
      '[profile team]\nsso_session = corp-sso\nsso_account_id = 123456789012\nsso_role_name = Dev\nregion = us-east-1\n\n' +
        `[sso-session corp-sso]\nsso_start_url = ${START_URL}\nsso_region = us-east-1\nsso_registration_scopes = sso:account:access\n`,
    );
    writeSsoCache('corp-sso', { accessToken: SSO_TOKEN, expiresAt: '2020-01-01T00:00:00Z', region: 'us-east-1', startUrl: START_URL });
    const info = await registry.add({ kind: 'aws', profile: 'team', region: 'us-east-1' });
    const error = await failure(info.id);
    expect(error).toMatchObject({ status: 401, type: 'ExpiredSession', message: 'The SSO session of profile team has expired. Run `aws sso login --profile team`, then retry — nothing was lost.' });
  });

  it('(no cached token at all) says to log in too', async () => {
    writeConfig(`[profile corp]\nsso_start_url = ${START_URL}\nsso_region = eu-west-1\nsso_account_id = 123456789012\nsso_role_name = ReadOnly\n`);
    const info = await registry.add({ kind: 'aws', profile: 'corp', region: 'eu-west-1' });
    expect((await failure(info.id)).type).toBe('ExpiredSession');
  });
});

describe('credential_process', () => {
  it('supplies the credentials of the profile', async () => {
    const command = writeScript('creds.cjs', `process.stdout.write(JSON.stringify({ Version: 1, AccessKeyId: '${ACCESS_KEY}', SecretAccessKey: '${SECRET_KEY}' }));`);
    writeConfig(`[profile tool]\ncredential_process = ${command}\nregion = eu-west-1\n`);
    const info = await registry.add({ kind: 'aws', profile: 'tool', region: 'eu-west-1' });
    const credentials = await registry.get(info.id).client.config.credentials();
    expect(credentials.accessKeyId).toBe(ACCESS_KEY);
    expectNoSecrets(JSON.stringify(registry.list()));
    expectNoSecrets(JSON.stringify(info));
  });

  it('returning expired credentials says so, without the keys', async () => {
    const command = writeScript(
      'expired.cjs',
      `process.stdout.write(JSON.stringify({ Version: 1, AccessKeyId: '${ACCESS_KEY}', SecretAccessKey: '${SECRET_KEY}', Expiration: '2020-01-01T00:00:00Z' }));`,
    );
    writeConfig(`[profile tool]\ncredential_process = ${command}\n`);
    const info = await registry.add({ kind: 'aws', profile: 'tool', region: 'eu-west-1' });
    const error = await failure(info.id);
    expect(error).toMatchObject({ status: 401, type: 'CredentialsMissing' });
    expect(error.message).toContain('credential_process of profile tool');
    expect(error.message).toContain('expired');
    expectNoSecrets(error.message);
  });

  it('failing with the keys on its error output keeps them out of the message', async () => {
    const command = writeScript('broken.cjs', `process.stderr.write('cannot refresh ${ACCESS_KEY} ${SECRET_KEY}\\n'); process.exit(3);`);
    writeConfig(`[profile tool]\ncredential_process = ${command}\n`);
    const info = await registry.add({ kind: 'aws', profile: 'tool', region: 'eu-west-1' });
    const error = await failure(info.id);
    expect(error.type).toBe('CredentialsMissing');
    expectNoSecrets(error.message);
  });
});

describe('no credentials anywhere', () => {
  it('says where the SDK looks and what to do', async () => {
    writeConfig('');
    const info = await registry.add({ kind: 'aws', region: 'us-east-1' });
    const error = await failure(info.id);
    expect(error).toMatchObject({ status: 401, type: 'CredentialsMissing' });
    expect(error.message).toContain('AWS_ACCESS_KEY_ID');
    expect(error.message).toContain('aws configure');
  });
});

describe('mapCredentialError', () => {
  const info: ConnectionInfo = { id: 'aws-prod-eu-west-1', name: 'AWS prod (eu-west-1)', kind: 'aws', safety: 'confirm-writes', region: 'eu-west-1', profile: 'prod' };
  const named = (name: string, message: string) => Object.assign(new Error(message), { name });

  it('leaves every other error as it is', () => {
    const error = named('ResourceNotFoundException', 'Requested resource not found');
    expect(mapCredentialError(error, info)).toBe(error);
    expect(mapCredentialError('text', info)).toBe('text');
  });

  it("turns DynamoDB's expired-token answer into the login advice", () => {
    const mapped = mapCredentialError(named('ExpiredTokenException', 'The security token included in the request is expired'), info);
    expect(mapped).toMatchObject({ kind: 'unauthenticated', type: 'ExpiredSession', message: expect.stringContaining('aws sso login --profile prod') as unknown });
  });

  it("removes environment secrets from DynamoDB's signature errors", () => {
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', SECRET_KEY);
    vi.stubEnv('AWS_SESSION_TOKEN', SSO_TOKEN);
    const error = named('InvalidSignatureException', `The request signature we calculated does not match. Canonical request: x-amz-security-token:${SSO_TOKEN} ${ACCESS_KEY}/20261130/${SECRET_KEY}`);
    const mapped = mapCredentialError(error, info) as Error;
    expect(mapped.name).toBe('InvalidSignatureException');
    expectNoSecrets(mapped.message);
  });
});

describe('listProfiles', () => {
  it('gives names and regions from both files, never a key', () => {
    writeConfig(`[default]\nregion = us-east-1\n[profile prod]\nregion = eu-west-1\nsso_session = corp\n[sso-session corp]\nsso_start_url = ${START_URL}\nsso_region = eu-west-1\n[services local]\ndynamodb =\n  endpoint_url = http://localhost:8000\n`);
    writeFileSync(join(home, '.aws', 'credentials'), `[default]\naws_access_key_id = ${ACCESS_KEY}\naws_secret_access_key = ${SECRET_KEY}\n[ci]\naws_access_key_id = ${ACCESS_KEY}\naws_secret_access_key = ${SECRET_KEY}\nregion = ap-south-1\n`);
    const profiles = listProfiles();
    expect(profiles).toEqual([{ name: 'default', region: 'us-east-1' }, { name: 'ci' }, { name: 'prod', region: 'eu-west-1' }]);
    expectNoSecrets(JSON.stringify(profiles));
  });

  it('is empty without AWS files', () => {
    expect(listProfiles()).toEqual([]);
  });
});
