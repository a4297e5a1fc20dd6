/**
 * The on-disk engine over HTTP in a process of its own, for the crash tests:
 * `engine-process --data DIR [--shard-records N]` (or `--in-memory`, to see the checks fail)
 * prints `port <n>` once it listens. A refused data directory prints its
 * message on stderr and exits with REFUSED_EXIT_CODE.
 */
import { parseArgs } from 'node:util';
import { DataDirectoryInUseError, openEngine, startEngineServer } from '../../src/index.js';
import { portLine, REFUSED_EXIT_CODE } from './child-protocol.js';

const { values } = parseArgs({ options: { data: { type: 'string' }, 'in-memory': { type: 'boolean' }, 'shard-records': { type: 'string' } } });
if (values.data === undefined && values['in-memory'] !== true) {
  process.stderr.write('usage: engine-process --data DIR | --in-memory\n');
  process.exit(2);
}

let engine;
try {
  // --shard-records N: streams roll over to a new shard every N records, so kills land on rollovers too.
  const shardRecords = values['shard-records'];
  engine = openEngine({ dataDir: values.data, region: 'us-east-1', streams: shardRecords === undefined ? {} : { shardMaxRecords: Number(shardRecords) } });
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(error instanceof DataDirectoryInUseError ? REFUSED_EXIT_CODE : 1);
}
const server = await startEngineServer({ engine, port: 0 });
process.stdout.write(portLine(server.port));
