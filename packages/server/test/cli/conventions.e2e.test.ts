/**
 * The command line's conventions, through the shipped command (the bundle
 * bin/dynotable.js runs): --json on every command and errors as JSON;
 * did-you-mean, `help <command>` and shell completion; AWS profiles, regions
 * and endpoints from ~/.aws and the environment, and the target named before
 * a write; one meaning of -o, format from the file's extension, exit
 * statuses, Ctrl-C; examples in the help and a reproducible NoSQL Workbench
 * export; and no AWS SDK notice on Node 20.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCommand, ROOT, type BundledCommand, type CommandExit } from '../e2e/support/bundled-command.js';

const BIN = join(ROOT, 'packages/server/bin/dynotable.js');
const LEADERBOARD = join(ROOT, 'examples/leaderboard.yaml');

let command: BundledCommand;
let home: string;
/** The environment of every run: a HOME of its own, no AWS variable of the machine, no instance metadata. */
let baseEnv: NodeJS.ProcessEnv;

beforeAll(() => {
  command = bundledCommand();
  home = mkdtempSync(join(tmpdir(), 'dynotable-conventions-'));
  mkdirSync(join(home, '.aws'));
  writeFileSync(join(home, '.aws', 'config'), '[profile dev]\nregion = eu-west-1\n\n[profile noregion]\noutput = json\n\n[profile stranger]\nregion = eu-west-1\n');
  writeFileSync(
    join(home, '.aws', 'credentials'),
    '[dev]\naws_access_key_id = AKIDDEVPROFILE\naws_secret_access_key = dev-profile-secret\n\n[noregion]\naws_access_key_id = AKIDDEVPROFILE\naws_secret_access_key = dev-profile-secret\n\n[stranger]\naws_access_key_id = AKIDSTRANGER\naws_secret_access_key = stranger-secret\n',
  );
  baseEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_') && name !== 'SOURCE_DATE_EPOCH')),
    HOME: home,
    USERPROFILE: home,
    XDG_DATA_HOME: join(home, 'data'),
    AWS_EC2_METADATA_DISABLED: 'true',
    DYNOTABLE_JOURNAL: join(home, 'journal.jsonl'),
    BROWSER: 'none',
  };
});

afterAll(() => {
  command?.remove();
  if (home !== undefined) rmSync(home, { recursive: true, force: true });
});

function start(args: readonly string[], env: NodeJS.ProcessEnv = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...command.execArgv, BIN, ...args], { cwd: home, env: { ...baseEnv, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
}

function run(args: readonly string[], env: NodeJS.ProcessEnv = {}, input = ''): Promise<CommandExit> {
  return new Promise((resolve, reject) => {
    const child = start(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The one JSON error line of a failed command under --json. */
function jsonError(exit: CommandExit): { code: string; type: string; message: string; exitCode: number } {
  expect(exit.stdout, 'an error leaves standard output alone').toBe('');
  const lines = exit.stderr.trimEnd().split('\n');
  const parsed = JSON.parse(lines.at(-1)!) as { error: { code: string; type: string; message: string; exitCode: number } };
  expect(Object.keys(parsed.error).sort()).toEqual(['code', 'exitCode', 'message', 'type']);
  expect(parsed.error.exitCode).toBe(exit.code);
  return parsed.error;
}

/** `dynotable engine --json` in the background: its URL from its first line. */
async function startEngine(args: readonly string[]): Promise<{ url: string; stop: () => Promise<CommandExit> }> {
  const child = start(['engine', '--port', '0', '--in-memory', '--json', ...args]);
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<CommandExit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      const line = stdout.split('\n')[0]!;
      if (stdout.includes('\n')) {
        const listening = JSON.parse(line) as { event: string; url: string; port: number; storage: string; signed: boolean };
        expect(listening).toMatchObject({ event: 'listening', storage: 'memory' });
        expect(listening.url).toBe(`http://127.0.0.1:${listening.port}`);
        resolve(listening.url);
      }
    });
    void exited.then((exit) => reject(new Error(`dynotable engine ended: ${exit.stderr}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGINT');
      return exited;
    },
  };
}

describe('--json on every command, and errors as JSON', () => {
  it('expr, engine, data export|import|copy and undo take --json and answer in JSON', async () => {
    const expr = await run(['expr', 'key', 'PK = "a"', '--json']);
    expect(expr.code, expr.stderr).toBe(0);
    expect(JSON.parse(expr.stdout)).toEqual({ operation: 'Query', request: { KeyConditionExpression: 'PK = :v0', ExpressionAttributeValues: { ':v0': { S: 'a' } } } });

    const data = join(home, 'json-data');
    // A data command makes no new data folder unless it exists (a mistyped --data is refused): an empty one is taken.
    mkdirSync(data);
    const applied = await run(['apply', LEADERBOARD, '--data', data, '--prefix', 'j_', '--sample', '3', '--json']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout)).toMatchObject({ tables: [{ name: 'j_Leaderboard' }] });
    const file = join(home, 'board.jsonl');
    const exported = await run(['data', 'export', 'j_Leaderboard', '--data', data, '-o', file, '--json']);
    expect(exported.code, exported.stderr).toBe(0);
    const summary = JSON.parse(exported.stdout) as { items: number; format: string; table: string };
    expect(summary).toMatchObject({ table: 'j_Leaderboard', format: 'jsonl', output: file });
    expect(summary.items).toBeGreaterThan(0);

    // Exported to standard output, the items keep it and the summary goes to standard error.
    const toStdout = await run(['data', 'export', 'j_Leaderboard', '--data', data, '--json', '--limit', '1']);
    expect(toStdout.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(toStdout.stderr.trimEnd().split('\n').at(-1)!)).toMatchObject({ table: 'j_Leaderboard', output: '-', items: 1 });

    const copied = await run(['data', 'copy', 'j_Leaderboard', 'Board2', '--data', data, '--create-table', '--json']);
    expect(copied.code, copied.stderr).toBe(0);
    expect(JSON.parse(copied.stdout)).toMatchObject({ source: { table: 'j_Leaderboard' }, target: { table: 'Board2' }, created: true, written: summary.items });

    const imported = await run(['data', 'import', 'Board2', file, '--data', data, '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ table: 'Board2', format: 'jsonl', items: summary.items, written: summary.items });

    const listed = await run(['undo', '--list', '--data', data, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const journal = JSON.parse(listed.stdout) as { operations: Array<{ operation: string; table: string }> };
    expect(journal.operations[0]).toMatchObject({ operation: 'import', table: 'Board2' });

    const engine = await startEngine([]);
    const stopped = await engine.stop();
    expect(stopped.code).toBe(0);
    expect(stopped.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { event: string }).map((line) => line.event)).toEqual(['listening', 'stopped']);
  });

  it('prints every kind of error as one JSON line with a stable shape and the exit status', async () => {
    const usage = jsonError(await run(['lint', 'x.yaml', '--jsn', '--json']));
    expect(usage).toMatchObject({ code: 'usage', type: 'UsageError', exitCode: 2 });
    const missing = jsonError(await run(['lint', 'missing.yaml', '--json']));
    expect(missing).toMatchObject({ code: 'not-found', exitCode: 3, message: "cannot read model file 'missing.yaml': no such file" });
    const invalid = jsonError(await run(['expr', 'key', 'PK = ', '--json']));
    expect(invalid).toMatchObject({ code: 'failure', type: 'ValidationException', exitCode: 1 });
    const table = jsonError(await run(['data', 'export', 'NoSuchTable', '--in-memory', '--json']));
    expect(table).toMatchObject({ code: 'not-found', type: 'ResourceNotFoundException', exitCode: 3 });
    const unknown = jsonError(await run(['frobnicate', '--json']));
    expect(unknown).toMatchObject({ code: 'usage', exitCode: 2 });
  });
});

describe('did you mean, help <command> and completion', () => {
  it('names an unknown option cleanly, with the flag it was probably meant to be', async () => {
    const exit = await run(['lint', 'x.yaml', '--jsn']);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toBe("dynotable: unknown option '--jsn'. Did you mean --json?\nRun `dynotable lint --help` for usage.\n");
    const short = await run(['expr', 'key', 'PK = "a"', '-o', 'Query']);
    expect(short.stderr).toContain("unknown option '-o'. Did you mean -O (--operation)?");
    const missing = await run(['expr', '--table']);
    expect(missing.stderr).toContain('dynotable: --table needs a value\n');
  });

  it('suggests the command for a typo, and --version for `version`', async () => {
    expect((await run(['lnt'])).stderr).toContain("unknown command 'lnt'. Did you mean `dynotable lint`?");
    expect((await run(['version'])).stderr).toContain('Did you mean `dynotable --version`?');
    expect((await run(['exprot'])).stderr).toContain('Did you mean `dynotable export`?');
    expect((await run(['data', 'exprot', 'T'])).stderr).toContain('Did you mean `dynotable data export`?');
    expect((await run(['--no-opn'])).stderr).toContain("unknown option '--no-opn'. Did you mean --no-open?");
  });

  it('prints a command\'s help for `help <command>`, subcommands included', async () => {
    const viaHelp = await run(['help', 'lint']);
    const viaFlag = await run(['lint', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toMatch(/^dynotable lint:/);
    expect((await run(['help', 'data', 'export'])).stdout).toMatch(/^dynotable data export:/);
  });

  it('completes commands, subcommands and each command\'s flags in bash', async () => {
    const script = await run(['completion', 'bash']);
    expect(script.code).toBe(0);
    const complete = (words: string[]) => {
      const file = join(home, 'completion.bash');
      writeFileSync(file, script.stdout);
      const line = `source '${file}'; COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _dynotable; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const result = spawnSync('bash', ['-c', line], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      return result.stdout.trim().split('\n').sort();
    };
    expect(complete(['dynotable', 'li'])).toEqual(['lint']);
    expect(complete(['dynotable', 'data', ''])).toEqual(['copy', 'export', 'import']);
    expect(complete(['dynotable', 'data', 'export', '--f'])).toEqual(['--filter', '--force', '--format']);
    expect(complete(['dynotable', 'export', 'model.yaml', '--d'])).toEqual(['--date-created']);
    expect(complete(['dynotable', 'help', 'cod'])).toEqual(['codegen']);
  });

  it('prints zsh and fish scripts that name every command', async () => {
    const zsh = await run(['completion', 'zsh']);
    expect(zsh.stdout).toMatch(/^#compdef dynotable\n/);
    expect(zsh.stdout).toContain('"data export") compadd -- --format -f --output -o');
    const fish = await run(['completion', 'fish']);
    expect(fish.stdout).toContain("complete -c dynotable -n 'test (count (commandline -opc)) -eq 1' -a lint -d");
    expect(fish.stdout).toContain("complete -c dynotable -n '__dynotable_is data export' -l output -s o -r -F");
    expect((await run(['completion', 'tcsh'])).code).toBe(2);
  });
});

describe('AWS profiles, regions and endpoints', () => {
  let engine: Awaited<ReturnType<typeof startEngine>>;
  beforeAll(async () => {
    // Only the dev profile's key is let in: a command that reaches the engine used the profile's credentials.
    engine = await startEngine(['--credentials', 'AKIDDEVPROFILE:dev-profile-secret']);
  });
  afterAll(async () => {
    await engine?.stop();
  });

  it('takes the region of --profile from ~/.aws/config and signs with its credentials', async () => {
    const applied = await run(['apply', LEADERBOARD, '--profile', 'dev', '--endpoint', engine.url, '--sample', '2']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain(`Writing to Leaderboard on ${engine.url} (profile dev)`);
    const exported = await run(['data', 'export', 'Leaderboard', '--profile', 'dev', '--endpoint', engine.url, '--limit', '1']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.trimEnd().split('\n')).toHaveLength(1);
    // Another profile's key is refused by the engine: the profile is what signs.
    const stranger = await run(['data', 'export', 'Leaderboard', '--profile', 'stranger', '--endpoint', engine.url, '--limit', '1']);
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toMatch(/UnrecognizedClientException|security token/);
  });

  it('honours AWS_PROFILE and AWS_ENDPOINT_URL_DYNAMODB without flags, naming the target before it writes', async () => {
    const file = join(home, 'one.jsonl');
    writeFileSync(file, '{"PK":"PLAYER#env","SK":"PROFILE","handle":"from the environment"}\n');
    const env = { AWS_PROFILE: 'dev', AWS_ENDPOINT_URL_DYNAMODB: engine.url };
    const imported = await run(['data', 'import', 'Leaderboard', file], env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr.split('\n')[0]).toBe(`Writing to Leaderboard on ${engine.url} (profile dev; from AWS_ENDPOINT_URL_DYNAMODB, AWS_PROFILE)`);
    const read = await run(['partiql', `SELECT handle FROM "Leaderboard" WHERE PK = 'PLAYER#env' AND SK = 'PROFILE'`], { AWS_PROFILE: 'dev', AWS_ENDPOINT_URL: engine.url });
    expect(read.code, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout)).toEqual({ handle: { S: 'from the environment' } });
    // AWS_REGION beside them changes nothing of the endpoint; a flag wins over the environment.
    const regioned = await run(['data', 'export', 'Leaderboard', '--limit', '1', '--json', '-o', join(home, 'r.jsonl')], { ...env, AWS_REGION: 'ap-south-1' });
    expect(regioned.code, regioned.stderr).toBe(0);
    const embedded = await run(['data', 'export', 'Leaderboard', '--in-memory'], env);
    expect(embedded.stderr).toContain('Reading Leaderboard from the embedded engine (in memory)');
  });

  it('says where to set a region, and names no internal connection when credentials are missing', async () => {
    const noRegion = await run(['data', 'export', 'Leaderboard', '--profile', 'noregion']);
    expect(noRegion.code).toBe(1);
    expect(noRegion.stderr).toContain('AWS needs a region: give --region or set AWS_REGION, or set region under [profile noregion] in ~/.aws/config');
    const noCredentials = await run(['data', 'export', 'Leaderboard', '--region', 'eu-west-1'], { HOME: join(home, 'empty-home') });
    expect(noCredentials.code).toBe(1);
    expect(noCredentials.stderr).toContain('No AWS credentials were found');
    expect(noCredentials.stderr).not.toContain("'data'");
    expect(noCredentials.stderr).toContain("'AWS eu-west-1'");
  });
});

describe('flags and exit statuses', () => {
  it('-o is --output for codegen, and model export takes the format from the extension', async () => {
    const out = join(home, 'generated');
    const generated = await run(['codegen', LEADERBOARD, '-o', out]);
    expect(generated.code, generated.stderr).toBe(0);
    const written = generated.stdout.trimEnd().split('\n').map((line) => line.replace(/^Wrote /, ''));
    expect(written.length).toBe(2);
    for (const path of written) expect(path.startsWith(out)).toBe(true);
    expect(readFileSync(written[0]!, 'utf8')).toContain('export');
    const stack = join(home, 'stack.tf');
    const exported = await run(['export', LEADERBOARD, '-o', stack]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(stack, 'utf8')).toContain('resource "aws_dynamodb_table"');
    const vague = await run(['export', LEADERBOARD, '-o', join(home, 'stack.json')]);
    expect(vague.code).toBe(2);
    expect(vague.stderr).toContain('does not say which');
  });

  it('refuses an endpoint that is not a URL with a clear message', async () => {
    const exit = await run(['verify', LEADERBOARD, '--endpoint', 'notaurl']);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain("dynotable: --endpoint must be a URL such as http://localhost:8000 (got 'notaurl')");
    expect(exit.stderr).not.toContain('TypeError');
  });

  it('exits 3 for what is not there and 4 for what is there already', async () => {
    expect((await run(['lint', 'nothing.yaml'])).code).toBe(3);
    const model = join(home, 'exists.yaml');
    writeFileSync(model, 'mine');
    expect((await run(['init', model])).code).toBe(4);
    expect((await run(['data', 'export', 'Leaderboard', '--in-memory', '-o', model])).code).toBe(4);
  });

  it('writes plain JSON lines for .jsonl, which the import reads back as jsonl', async () => {
    const data = join(home, 'jsonl-data');
    mkdirSync(data);
    expect((await run(['apply', LEADERBOARD, '--data', data, '--prefix', 'p_', '--sample', '2'])).code).toBe(0);
    const file = join(home, 'plain.jsonl');
    const exported = await run(['data', 'export', 'p_Leaderboard', '--data', data, '-o', file]);
    expect(exported.stderr).toContain('(jsonl)');
    const first = JSON.parse(readFileSync(file, 'utf8').split('\n')[0]!) as Record<string, unknown>;
    expect(first).not.toHaveProperty('Item');
    expect(typeof first['PK']).toBe('string');
    const imported = await run(['data', 'import', 'p_Leaderboard', file, '--data', data, '--json']);
    expect(JSON.parse(imported.stdout)).toMatchObject({ format: 'jsonl' });
    const ddb = join(home, 'typed.dynamodb.jsonl');
    await run(['data', 'export', 'p_Leaderboard', '--data', data, '-o', ddb]);
    expect(JSON.parse(readFileSync(ddb, 'utf8').split('\n')[0]!)).toHaveProperty('Item');
  });

  describe('Ctrl-C', () => {
    let server: Server;
    let scans = 0;
    let firstScan: () => void;
    const scanned = new Promise<void>((resolve) => (firstScan = resolve));
    beforeAll(async () => {
      // A table with no end: every Scan page says there is another, so only Ctrl-C ends the export.
      server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          const target = String(request.headers['x-amz-target']);
          response.setHeader('content-type', 'application/x-amz-json-1.0');
          if (target.endsWith('.Scan')) {
            scans++;
            firstScan();
            response.end(JSON.stringify({ Items: [{ pk: { S: `item-${scans}` } }], Count: 1, ScannedCount: 1, LastEvaluatedKey: { pk: { S: `item-${scans}` } } }));
          } else {
            response.end(JSON.stringify({ Table: { TableName: 'Endless', TableStatus: 'ACTIVE', KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }] } }));
          }
          void body;
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => server?.close());

    it('stops a data export with exit status 130 and keeps no file', async () => {
      const file = join(home, 'endless.jsonl');
      const child = start(['data', 'export', 'Endless', '--endpoint', `http://127.0.0.1:${(server.address() as AddressInfo).port}`, '-o', file]);
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
      const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
      await scanned;
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(stderr).toMatch(/dynotable: export cancelled after [\d,]+ items; .*endless\.jsonl was removed\./);
    });
  });
});

describe('help and reproducible exports', () => {
  // Every command's help text is checked for examples in process (cli-docs.test.ts); here, as the shipped command prints a few.
  it('has examples in the top-level help and in the commands\' (a sample, as printed)', async () => {
    const top = await run(['--help']);
    expect(top.stdout).toContain('\nExamples:\n');
    for (const name of ['lint', 'data', 'completion']) {
      const help = await run([name, '--help']);
      expect(help.stdout, `dynotable ${name} --help`).toMatch(/\nExamples:\n {2}(dynotable|source|cat|gunzip)/);
    }
  });

  it('exports a NoSQL Workbench model with the same DateCreated on every run, from --date-created or SOURCE_DATE_EPOCH', async () => {
    const once = await run(['export', LEADERBOARD, '-f', 'nosql-workbench']);
    const twice = await run(['export', LEADERBOARD, '-f', 'nosql-workbench']);
    expect(once.code, once.stderr).toBe(0);
    expect(twice.stdout).toBe(once.stdout);
    const dated = (exit: CommandExit) => (JSON.parse(exit.stdout) as { ModelMetadata: { DateCreated: string } }).ModelMetadata.DateCreated;
    expect(dated(once)).toBe('Jan 01, 2000, 12:00 AM');
    expect(dated(await run(['export', LEADERBOARD, '-f', 'nosql-workbench', '--date-created', '2026-06-01T14:30:00Z']))).toBe('Jun 01, 2026, 02:30 PM');
    expect(dated(await run(['export', LEADERBOARD, '-f', 'nosql-workbench'], { SOURCE_DATE_EPOCH: '1750000000' }))).toBe('Jun 15, 2025, 03:06 PM');
  });
});

describe('the AWS SDK', () => {
  it('prints no Node version notice, even without the variable that silences it', async () => {
    const env = { ...baseEnv };
    delete env['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'];
    const child = spawnSync(process.execPath, [...command.execArgv, BIN, 'data', 'export', 'Leaderboard', '--endpoint', 'http://127.0.0.1:9', '--limit', '1'], { encoding: 'utf8', env, cwd: home });
    expect(child.stderr).toContain('Reading Leaderboard from http://127.0.0.1:9');
    expect(child.stderr).not.toMatch(/NodeVersionSupportWarning|will require node/);
  });
});
