import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LINT_RULES, parseModel } from '@dynotable/core';
import type { JobProgress, JobSnapshot } from '../../src/data/job-types.js';
import { modelRoutes } from '../../src/api/model-routes.js';
import { InvalidModelError, QuestionError } from '../../src/api/tools/model-input.js';
import { examplePath } from '../support/examples.js';
import { call, finished, send, testContext } from '../transfer/support.js';
import { mapError } from '../../src/http/error-mapping.js';

const { context, connections } = testContext();
const engine = connections.open('engine');
const ticketDesk = readFileSync(examplePath('ticket-desk'), 'utf8');

const post = (path: string, input: unknown, params: Record<string, string> = {}) => call(modelRoutes, context, 'POST', path, params, input);

async function failure(promise: Promise<unknown>): Promise<Error & { status?: number; type?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

afterAll(async () => {
  await connections.closeAll();
});

describe('parse', () => {
  it('returns the normalised model and its lint findings, from text or from an object', async () => {
    const fromText = (await post('/api/model/parse', { model: ticketDesk })) as { model: { name: string }; lint: unknown[]; lintSummary: { clean: boolean } };
    expect(fromText.model).toEqual(parseModel(ticketDesk));
    expect(fromText.lintSummary.clean).toBe(true);
    const fromObject = (await post('/api/model/parse', { model: fromText.model })) as { model: unknown };
    expect(fromObject.model).toEqual(fromText.model);
  });

  it('lists every problem of a bad model as a 400 InvalidModel', async () => {
    const error = await failure(post('/api/model/parse', { model: 'tables:\n  Things:\n    partitionKey: 5\nentities: []\nbogus: 1\n' }));
    expect(error).toBeInstanceOf(InvalidModelError);
    const invalid = error as InvalidModelError;
    expect(invalid.status).toBe(400);
    expect(invalid.type).toBe('InvalidModel');
    expect(invalid.problems.length).toBeGreaterThan(0);
    expect(invalid.problems.every((problem) => typeof problem.path === 'string' && problem.message.length > 0)).toBe(true);
    expect(mapError(invalid).body).toEqual({ __type: 'InvalidModel', message: invalid.message, problems: invalid.problems });
  });

  it('reports a YAML syntax error with its line', async () => {
    const invalid = (await failure(post('/api/model/parse', { model: 'tables: [\n' }))) as InvalidModelError;
    expect(invalid.problems[0]?.path).toMatch(/^\d+:\d+$/);
  });
});

describe('design', () => {
  it('designs keys for questions alone', async () => {
    const result = (await post('/api/model/design', { questions: ['list tickets by team, newest first', 'get a ticket by id'] })) as {
      model: { entities: { name: string; keys: Record<string, string> }[] };
      problems: unknown[];
      yaml: string;
    };
    expect(result.problems).toEqual([]);
    expect(result.model.entities.map((entity) => entity.name)).toEqual(['Ticket']);
    expect(Object.keys(result.model.entities[0]!.keys).length).toBeGreaterThan(0);
    expect(parseModel(result.yaml)).toEqual(result.model);
  });

  it('leaves out the model file text when asked, with the same design', async () => {
    const questions = ['list tickets by team, newest first', 'get a ticket by id'];
    const full = (await post('/api/model/design', { questions })) as Record<string, unknown>;
    const lean = (await post('/api/model/design', { questions, yaml: false })) as Record<string, unknown>;
    expect(lean).not.toHaveProperty('yaml');
    const { yaml: _yaml, ...rest } = full;
    expect(lean).toEqual(rest);
  });

  it('says what the grammar could not read in a question', async () => {
    const error = (await failure(post('/api/model/design', { questions: ['list tickets where between'] }))) as QuestionError;
    expect(error).toBeInstanceOf(QuestionError);
    expect(error.type).toBe('PatternError');
    expect(error.notUnderstood.length).toBeGreaterThan(0);
  });

  it('takes a model or questions, not both', async () => {
    const error = await failure(post('/api/model/design', { model: ticketDesk, questions: ['get a ticket by id'] }));
    expect(error.message).toMatch(/give either model or questions/);
  });
});

describe('lint, cost, export, import, codegen', () => {
  it('lints with the rules listed, and refuses an unknown rule', async () => {
    const broken = readFileSync(examplePath('broken/leaderboard-unpadded-rating'), 'utf8');
    const result = (await post('/api/model/lint', { model: broken })) as { findings: { rule: string }[]; rules: unknown[]; summary: { clean: boolean } };
    expect(result.rules).toEqual(LINT_RULES);
    expect(result.summary.clean).toBe(false);
    expect(result.findings.map((finding) => finding.rule)).toContain('unpadded-number-in-key');
    expect((await failure(post('/api/model/lint', { model: broken, rules: ['no-such-rule'] }))).message).toMatch(/unknown rule 'no-such-rule'/);
  });

  it('costs a model with overridden prices, and compares a move with an index update', async () => {
    const base = (await post('/api/model/cost', { model: ticketDesk })) as { report: { totals: { onDemandMonthly: number } } };
    const doubled = (await post('/api/model/cost', {
      model: ticketDesk,
      prices: { standard: { onDemandReadPerMillion: 0.25, onDemandWritePerMillion: 1.25 } },
    })) as { report: { totals: { onDemandMonthly: number } } };
    expect(doubled.report.totals.onDemandMonthly).toBeCloseTo(base.report.totals.onDemandMonthly * 2, 6);
    const move = (await post('/api/model/cost', { itemBytes: 2048 })) as { moveComparison: { itemBytes: number; move: { units: number }; indexUpdate: { units: number } } };
    expect(move.moveComparison.itemBytes).toBe(2048);
    expect(move.moveComparison.move.units).toBeGreaterThan(move.moveComparison.indexUpdate.units);
    expect((await failure(post('/api/model/cost', { prices: {} }))).message).toMatch(/give a model, itemBytes/);
  });

  it('exports to every format, and a NoSQL Workbench export imports back', async () => {
    for (const format of ['cloudformation-json', 'cloudformation-yaml', 'cdk', 'terraform', 'yaml', 'json']) {
      const file = (await post('/api/model/export', { model: ticketDesk, format })) as { fileName: string; text: string };
      expect(file.text.length).toBeGreaterThan(0);
      expect(file.fileName).toMatch(/\S+\.\S+/);
    }
    const yaml = (await post('/api/model/export', { model: ticketDesk, format: 'yaml' })) as { text: string };
    expect(parseModel(yaml.text)).toEqual(parseModel(ticketDesk));
    const workbench = (await post('/api/model/export', { model: ticketDesk, format: 'nosql-workbench' })) as { text: string };
    const imported = (await post('/api/model/import', { text: workbench.text })) as { model: { tables: { name: string }[] }; yaml: string; warnings: string[] };
    expect(imported.model.tables.map((table) => table.name)).toEqual(parseModel(ticketDesk).tables.map((table) => table.name));
    expect(parseModel(imported.yaml)).toEqual(imported.model);
    const unreadable = (await post('/api/model/import', { text: '{"DataModel": 5}' })) as { warnings: string[] };
    expect(unreadable.warnings).toContain('$.DataModel: expected an array, ignored');
    expect((await failure(post('/api/model/import', { text: '{"DataModel": [', format: 'nosql-workbench' }))).message).toMatch(/not JSON/);
  });

  it('generates the module and its test, or one pattern as snippets', async () => {
    const files = (await post('/api/model/codegen', { model: ticketDesk })) as { files: { fileName: string; source: string }[] };
    expect(files.files).toHaveLength(2);
    const model = parseModel(ticketDesk);
    const pattern = model.accessPatterns[0]!.name;
    const snippets = (await post('/api/model/codegen', { model: ticketDesk, pattern })) as { snippets: { python: string; cli: string } };
    expect(snippets.snippets.python).toMatch(/boto3/);
    expect(snippets.snippets.cli).toMatch(/aws dynamodb/);
    expect((await failure(post('/api/model/codegen', { model: ticketDesk, pattern: 'nope' }))).message).toMatch(/no access pattern 'nope'/);
  });
});

describe('read-question', () => {
  it('gives the meaning of a question, with the model’s names', async () => {
    const result = (await post('/api/model/read-question', { question: 'list tickets by team, newest first' })) as { ok: boolean; meaning: { entity: string; equals: string[] } };
    expect(result.ok).toBe(true);
    expect(result.meaning.equals).toEqual(['team']);
  });

  it('says what was understood and which words were not, as an answer rather than an error', async () => {
    const result = (await post('/api/model/read-question', { question: 'list tickets where between' })) as { ok: boolean; understood: string; notUnderstood: string[] };
    expect(result.ok).toBe(false);
    expect(result.understood).toBe('list Ticket');
    expect(result.notUnderstood).toEqual(['where', 'between']);
  });

  it('suggests the word it knows for a typo', async () => {
    const result = (await post('/api/model/read-question', { question: 'list tickets by team, newst first' })) as { ok: boolean; suggestions: Record<string, string> };
    expect(result.ok).toBe(false);
    expect(result.suggestions).toEqual({ newst: 'newest' });
  });
});

describe('verify', () => {
  const verify = async (file: string): Promise<JobSnapshot> => {
    const started = (await post('/api/connections/:connectionId/verify', { model: readFileSync(examplePath(file), 'utf8'), items: 400 }, { connectionId: 'engine' })) as JobSnapshot;
    expect(started.kind).toBe('verify');
    return finished(context, started.id);
  };

  it('passes for the ticket desk, and removes its tables', async () => {
    const done = await verify('ticket-desk');
    expect(done.state).toBe('succeeded');
    const report = done.result as { passed: boolean; patterns: { passed: boolean }[] };
    expect(report.passed).toBe(true);
    expect(report.patterns.length).toBe(parseModel(ticketDesk).accessPatterns.length);
    expect(((await send(engine, 'ListTables', {}))['TableNames'] as string[]).length).toBe(0);
  });

  it('reports progress while it runs and stops when cancelled, on the in-process engine too', async () => {
    // A progress hook instead of polling on a timer: every report the job makes is seen, in order.
    const reports: JobProgress[] = [];
    let cancelAsked = false;
    const start = context.jobs.start.bind(context.jobs);
    const spy = vi.spyOn(context.jobs, 'start').mockImplementation((kind, work) => {
      const job: JobSnapshot = start(kind, (report, signal) =>
        work((progress) => {
          reports.push(progress);
          report(progress);
          if (!cancelAsked && reports.filter((r) => r.done > 0).length === 3) {
            cancelAsked = true;
            // Cancelled from a timer: it only fires if verify gives the event loop a turn, as a server's sockets need.
            setTimeout(() => context.jobs.cancel(job.id), 0);
          }
        }, signal),
      );
      return job;
    });
    let started: JobSnapshot;
    try {
      started = (await post('/api/connections/:connectionId/verify', { model: ticketDesk, items: 3000 }, { connectionId: 'engine' })) as JobSnapshot;
    } finally {
      spy.mockRestore();
    }
    const done = await finished(context, started.id);
    expect(cancelAsked).toBe(true);
    expect(new Set(reports.map((progress) => `${progress.phase} ${progress.done}`)).size).toBeGreaterThan(1);
    expect(done.state).toBe('cancelled');
    // A cancelled verify still removes its tables.
    await expect.poll(async () => ((await send(engine, 'ListTables', {}))['TableNames'] as string[]).length).toBe(0);
  });

  it('fails for the leaderboard with an unpadded rating, saying which pattern', async () => {
    const done = await verify('broken/leaderboard-unpadded-rating');
    expect(done.state).toBe('succeeded');
    const report = done.result as { passed: boolean; patterns: { pattern: string; passed: boolean }[] };
    expect(report.passed).toBe(false);
    expect(report.patterns.some((pattern) => !pattern.passed)).toBe(true);
    // The result is plain JSON: no bytes or sets that would not survive serialisation.
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });
});

