/**
 * No secret reaches the browser, the server's output or the command's output.
 * A real `dynotable` process (and real `dynotable data export` runs) with:
 *
 * - a profile whose credential_process is a script given `--client-secret=…`
 *   arguments, which prints secrets on its error output and exits 1;
 * - a profile with an access key, a secret key and a session token in the
 *   shared credentials file;
 * - AWS keys and a session token in the environment (the default chain);
 *
 * and DynamoDB's endpoint (AWS_ENDPOINT_URL_DYNAMODB) a stand-in that, like a
 * careless proxy, quotes the request's session token and Authorization header
 * in its error message. The API's answers (a request's error and a job's),
 * the server's stdout and stderr and the command's output hold none of the
 * secrets, nor the credential_process command line; the credential_process
 * failure says which profile and its exit code.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeForLog, mapError } from '../../src/http/error-mapping.js';
import { runDynotable, startDynotable, type DynotableSession, type Exit } from '../e2e/support/dynotable-process.js';

const CLIENT_SECRET = 'CLIENTSECRET-from-argv-0001';
const STDERR_PASSWORD = 'hunter2-password-xyz';
const STDERR_TOKEN = 'REFRESH-token-printed-on-stderr-42';
const FILE_ACCESS_KEY = 'AKIAFILEPROFILEKEY01';
const FILE_SECRET_KEY = 'file-secret-key/with+odd=chars-1234567';
const FILE_SESSION_TOKEN = 'FILE-SESSION-TOKEN-value-0123456789-abcdef';
const ENV_ACCESS_KEY = 'AKIAENVIRONMENTKEY01';
const ENV_SECRET_KEY = 'env-secret-access-key-value-000';
const ENV_SESSION_TOKEN = 'ENV-SESSION-TOKEN-value-9876543210-zyx';
const SECRETS = [CLIENT_SECRET, STDERR_PASSWORD, STDERR_TOKEN, FILE_ACCESS_KEY, FILE_SECRET_KEY, FILE_SESSION_TOKEN, ENV_ACCESS_KEY, ENV_SECRET_KEY, ENV_SESSION_TOKEN];

let home: string;
let script: string;
let endpoint: Server;
let env: NodeJS.ProcessEnv;

function expectNoSecrets(text: string, where: string): void {
  for (const secret of SECRETS) expect(text, `${where} holds ${secret}`).not.toContain(secret);
  // Nor the credential_process command line.
  expect(text, `${where} quotes the command`).not.toContain(script);
  expect(text, `${where} quotes the command`).not.toContain('--client-id');
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'dynotable-secrets-'));
  mkdirSync(join(home, '.aws'));
  script = join(home, 'get-credentials.cjs');
  writeFileSync(
    script,
    `process.stderr.write('refresh failed for ' + process.argv.slice(2).join(' ') + ' password=${STDERR_PASSWORD} refresh_token=${STDERR_TOKEN}\\n');\n` +
      `process.stdout.write('partial output ${STDERR_TOKEN}\\n');\nprocess.exit(1);\n`,
  );
  writeFileSync(
    join(home, '.aws', 'config'),
    `[profile tool]\ncredential_process = "${process.execPath}" "${script}" --client-id=dynotable-app --client-secret=${CLIENT_SECRET}\nregion = eu-west-1\n\n[profile keys]\nregion = eu-west-1\n`,
  );
  writeFileSync(
    join(home, '.aws', 'credentials'),
    `[keys]\naws_access_key_id = ${FILE_ACCESS_KEY}\naws_secret_access_key = ${FILE_SECRET_KEY}\naws_session_token = ${FILE_SESSION_TOKEN}\n`,
  );

  // DynamoDB as a careless proxy would answer: the caller's token and signature header quoted back.
  endpoint = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.statusCode = 400;
      response.setHeader('content-type', 'application/x-amz-json-1.0');
      response.end(
        JSON.stringify({
          __type: 'com.amazonaws.dynamodb.v20120810#AccessDeniedException',
          message: `Denied for session token ${String(request.headers['x-amz-security-token'])} (${String(request.headers['authorization'])})`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));

  env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
  Object.assign(env, {
    HOME: home,
    USERPROFILE: home,
    XDG_DATA_HOME: join(home, 'data'),
    AWS_CONFIG_FILE: join(home, '.aws', 'config'),
    AWS_SHARED_CREDENTIALS_FILE: join(home, '.aws', 'credentials'),
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`,
    AWS_ACCESS_KEY_ID: ENV_ACCESS_KEY,
    AWS_SECRET_ACCESS_KEY: ENV_SECRET_KEY,
    AWS_SESSION_TOKEN: ENV_SESSION_TOKEN,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
});

afterAll(async () => {
  await new Promise((resolve) => endpoint?.close(resolve));
  rmSync(home, { recursive: true, force: true });
});

describe('credential secrets', () => {
  it('reach neither the API nor the server output', async () => {
    let session: DynotableSession | undefined;
    let exit: Exit | undefined;
    const answers: Record<string, { status: number; body: Record<string, unknown> }> = {};
    try {
      session = await startDynotable(['--no-open', '--in-memory', '--port', '0'], 'bundle', env);
      for (const [name, request] of [
        ['tool', { kind: 'aws', profile: 'tool', region: 'eu-west-1' }],
        ['keys', { kind: 'aws', profile: 'keys', region: 'eu-west-1' }],
        ['environment', { kind: 'aws', region: 'eu-west-1' }],
      ] as const) {
        const added = await session.api<{ connection: { id: string } }>('POST', '/api/connections', request);
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        const id = added.body.connection.id;
        answers[`${name} tables`] = await session.api('GET', `/api/connections/${id}/tables`);
        answers[`${name} ping`] = await session.api('POST', `/api/connections/${id}/ping`, {});
        const job = await session.api<{ id: string }>('POST', `/api/connections/${id}/tables/Things/export`, { format: 'jsonl' });
        expect(job.status).toBe(200);
        const events = await session.jobEvents(job.body.id);
        answers[`${name} export job`] = { status: job.status, body: events.at(-1) as unknown as Record<string, unknown> };
      }
    } finally {
      exit = await session?.stop();
    }

    for (const [where, answer] of Object.entries(answers)) expectNoSecrets(JSON.stringify(answer.body), where);
    // The credential_process failure says what failed and what to do.
    expect(answers['tool tables']).toMatchObject({ status: 401, body: { __type: 'CredentialsMissing' } });
    const toolMessage = String(answers['tool tables']!.body['message']);
    expect(toolMessage).toContain('credential_process of profile tool failed with exit code 1');
    expect(toolMessage).toContain('Run that command yourself');
    expect(answers['tool export job']!.body).toMatchObject({ state: 'failed', error: { type: 'CredentialsMissing' } });
    // The others are DynamoDB's answer, with what it quoted removed.
    expect(answers['keys tables']).toMatchObject({ status: 400, body: { __type: 'AccessDeniedException' } });
    expect(answers['environment tables']).toMatchObject({ status: 400, body: { __type: 'AccessDeniedException' } });
    expect(String(answers['keys tables']!.body['message'])).toContain('Denied for session token [redacted]');

    expect(exit?.code).toBe(0);
    expectNoSecrets(exit!.stdout, 'the server stdout');
    expectNoSecrets(exit!.stderr, 'the server stderr');
  });

  it('reach no output of the command', async () => {
    const out = join(home, 'out.jsonl');
    const runs = await Promise.all([
      runDynotable(['data', 'export', 'Things', '--profile', 'tool', '--region', 'eu-west-1', '-o', out, '-f', 'jsonl'], env),
      runDynotable(['data', 'export', 'Things', '--profile', 'keys', '--region', 'eu-west-1', '-o', `${out}.2`, '-f', 'jsonl'], env),
      runDynotable(['data', 'export', 'Things', '--region', 'eu-west-1', '-o', `${out}.3`, '-f', 'jsonl'], env),
    ]);
    for (const [index, run] of runs.entries()) {
      expect(run.code, run.stderr).toBe(1);
      expectNoSecrets(run.stdout + run.stderr, `run ${index}`);
    }
    expect(runs[0]!.stderr).toContain('credential_process of profile tool failed with exit code 1');
    expect(runs[1]!.stderr).toContain('AccessDeniedException');
    expect(runs[2]!.stderr).toContain('AccessDeniedException');
  });

  it('reach no line of the log nor an error body, whatever the error', () => {
    vi.stubEnv('AWS_CONFIG_FILE', join(home, '.aws', 'config'));
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(home, '.aws', 'credentials'));
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', ENV_SECRET_KEY);
    vi.stubEnv('AWS_SESSION_TOKEN', ENV_SESSION_TOKEN);
    try {
      const error = new Error(
        `Command failed: "${process.execPath}" "${script}" --client-id=dynotable-app --client-secret=${CLIENT_SECRET}\n` +
          `token ${FILE_SESSION_TOKEN} key ${FILE_SECRET_KEY} env ${ENV_SECRET_KEY} ${ENV_SESSION_TOKEN} --password ${STDERR_PASSWORD}`,
      );
      expectNoSecrets(describeForLog(error), 'the log line');
      expectNoSecrets(JSON.stringify(mapError(Object.assign(error, { name: 'CredentialsProviderError' })).body), 'the error body');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
