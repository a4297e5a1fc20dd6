/**
 * One DynamoDB Local for the whole Vitest run, shared by every project that
 * lists this file (or a file that calls `shareDynamoDbLocal`) as its global
 * setup: the oracle and conformance projects. Vitest runs every project's
 * global setup in its main process, each project through its own module graph,
 * so the instance is kept on `globalThis` and stopped when the last project
 * that asked for it tears down.
 *
 * DYNAMODB_LOCAL_ENDPOINT points the run at an already running DynamoDB Local
 * instead. Without Java the tests that need it are skipped locally, but CI
 * (CI=true) fails.
 */
import type { TestProject } from 'vitest/node';
import type { RunningDynamoDbLocal } from '../../../server/src/connections/dynamodb-local.js';
import { javaProblem, startDynamoDbLocal, type OracleInfo } from './dynamodb-local.js';

interface Shared {
  started?: Promise<{ info: OracleInfo; running?: RunningDynamoDbLocal }>;
  users: number;
}

const KEY = Symbol.for('dynotable.test.dynamoDbLocal');

function shared(): Shared {
  const registry = globalThis as { [KEY]?: Shared };
  registry[KEY] ??= { users: 0 };
  return registry[KEY];
}

async function start(): Promise<{ info: OracleInfo; running?: RunningDynamoDbLocal }> {
  const existing = process.env.DYNAMODB_LOCAL_ENDPOINT;
  if (existing) return { info: { endpoint: existing, skipReason: null } };
  const problem = javaProblem();
  if (problem !== null) {
    if (process.env.CI) {
      throw new Error(`DynamoDB Local tests need Java 17 in CI, but ${problem}. Install a Java 17 runtime.`);
    }
    return { info: { endpoint: null, skipReason: `${problem}; install Java 17 to run them` } };
  }
  // The JVM's quick compiler only: a test run is too short for the optimizing
  // one to pay back, and on two cores its compile threads take a third of
  // DynamoDB Local's CPU away from the tests. The serial collector: a small
  // heap needs no parallel or concurrent GC threads (a tenth less CPU over
  // the differential test).
  const before = process.env.JAVA_TOOL_OPTIONS;
  process.env.JAVA_TOOL_OPTIONS = [before, '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'].filter(Boolean).join(' ');
  let running: RunningDynamoDbLocal;
  try {
    running = await startDynamoDbLocal();
  } finally {
    if (before === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = before;
  }
  return { info: { endpoint: running.endpoint, skipReason: null }, running };
}

/** Provides the shared instance's endpoint (`inject('dynamoDbLocal')`) to the project; returns its teardown. */
export async function shareDynamoDbLocal(project: TestProject): Promise<() => Promise<void>> {
  const state = shared();
  state.started ??= start();
  state.users++;
  const { info } = await state.started;
  project.provide('dynamoDbLocal', info);
  return async () => {
    state.users--;
    if (state.users > 0 || state.started === undefined) return;
    const { running } = await state.started;
    state.started = undefined;
    await running?.stop();
  };
}

export default shareDynamoDbLocal;
