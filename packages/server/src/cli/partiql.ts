/** `dynotable partiql "<statement>"`: a PartiQL statement run on any connection through its plan's requests, writes journaled. */
import { attributeValueToWire, DynamoError, fromNative } from '@dynotable/core';
import { readTableDescription } from '../data/table-description.js';
import { planFor, runPlanned, type StatementTarget } from '../data/partiql/run-statement.js';
import type { StatementInput, StatementResult } from '../data/partiql/statement-shapes.js';
import { openJournal } from '../journal/location.js';
import { recordTo } from '../journal/record.js';
import { readCommand, onePositional } from './command-args.js';
import { confirmAws, failure } from './data-common.js';
import { PARTIQL_FLAGS } from './command-table.js';
import { openDataConnection, readConnectionFlags, type DataConnection } from './data-connection.js';
import { PARTIQL_HELP } from './partiql-help.js';
import { CommandFailure, EXIT_FAILURE, EXIT_OK, UsageError, type Output } from './io.js';

const TYPE_KEYS = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'L', 'M', 'SS', 'NS', 'BS']);

/** `--param`: DynamoDB JSON when it is one (`{"S":"a"}`), else plain JSON read as DynamoDB would store it. */
function readParameter(text: string, index: number, hint: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`--param #${index + 1} is not JSON: '${text}' (a string needs its quotes: '"a"', or DynamoDB JSON: '{"S":"a"}')`, hint);
  }
  const keys = json !== null && typeof json === 'object' && !Array.isArray(json) ? Object.keys(json) : [];
  if (keys.length === 1 && TYPE_KEYS.has(keys[0]!)) return json;
  try {
    return attributeValueToWire(fromNative({ value: json as never })['value']!);
  } catch (error) {
    throw new UsageError(`--param #${index + 1}: ${error instanceof Error ? error.message : String(error)}`, hint);
  }
}

function targetOf(connection: DataConnection): StatementTarget {
  return {
    send: connection.send,
    table: async (name) => readTableDescription(((await connection.send('DescribeTable', { TableName: name }))['Table'] ?? {}) as never),
  };
}

export async function runPartiql(args: string[], io: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const command = readCommand(
    args,
    'partiql',
    PARTIQL_HELP,
    PARTIQL_FLAGS,
    io,
  );
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const statement = onePositional(positionals, 'the PartiQL statement (in quotes)', hint);
  const parameters = ((values.param ?? []) as string[]).map((text, index) => readParameter(text, index, hint));
  const connection = await openDataConnection(readConnectionFlags(values, '', hint), env, io.stderr);
  const target = targetOf(connection);
  // Piped into `head`: a reader that has gone wants no more lines, and no error either.
  // Kept to the end of the process: the failed write is reported after the command returns.
  const readerGone = (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
  };
  process.stdout.on('error', readerGone);
  try {
    const input: StatementInput = { statement, parameters, consistentRead: values.consistent === true };
    const planned = await planFor(target, input);
    io.stderr(`${planned.view.line}\n`);
    if (planned.view.write && values.plan !== true) io.stderr(`Writing to ${planned.view.tableName} on ${connection.label}\n`);
    if (values.plan === true) {
      if (values.json === true) io.stdout(`${JSON.stringify({ plan: planned.view })}\n`);
      return EXIT_OK;
    }
    if (planned.view.write && connection.aws && !(await confirmAws(io, `${planned.view.operation} on ${planned.view.tableName} (${connection.label})`, values.yes === true))) {
      io.stderr('Nothing was written.\n');
      return EXIT_FAILURE;
    }
    let result: StatementResult = await runPlanned(target, planned, input);
    const items = [...result.items];
    let read = { count: result.count, scannedCount: result.scannedCount, readUnits: result.consumed.readUnits };
    while (values.all === true && result.nextToken !== undefined) {
      result = await runPlanned(target, planned, { ...input, nextToken: result.nextToken });
      items.push(...result.items);
      read = { count: read.count + result.count, scannedCount: read.scannedCount + result.scannedCount, readUnits: read.readUnits + result.consumed.readUnits };
    }
    let journal: unknown;
    if (result.change !== undefined && connection.journalTarget !== undefined) {
      const { operation, ...change } = result.change;
      const target = connection.journalTarget;
      journal = await recordTo(openJournal(values.journal, env), () => target, planned.table.name, operation, [change]);
    }
    if (values.json === true) {
      io.stdout(`${JSON.stringify({ plan: result.plan, items, count: read.count, scannedCount: read.scannedCount, ...(result.nextToken !== undefined ? { nextToken: result.nextToken } : {}), consumed: result.consumed, ...(result.change ? { change: result.change } : {}), ...(journal ? { journal } : {}) })}\n`);
    } else {
      for (const item of items) io.stdout(`${JSON.stringify(item)}\n`);
      // The items reach the reader before the count is said: a reader that left (`| head`) ends it here, quietly.
      await io.flush?.();
      const more = result.nextToken !== undefined ? ' (more: add --all)' : '';
      if (planned.view.write) io.stderr(result.change === undefined ? 'Nothing changed.\n' : `Done: ${result.change.operation} of one item, ${result.consumed.writeUnits} WCU.\n`);
      else io.stderr(`${read.count} item${read.count === 1 ? '' : 's'} (${read.scannedCount} scanned), ${Number(read.readUnits.toFixed(2))} RCU${more}\n`);
    }
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError || error instanceof CommandFailure) throw error;
    if (error instanceof DynamoError) throw new CommandFailure(`${error.name}: ${error.message}`);
    throw failure(error);
  } finally {
    await connection.close();
  }
}
