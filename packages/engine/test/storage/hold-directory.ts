/**
 * A child process for the locking tests: opens the data directory given as
 * its argument, says "ready" and holds it until killed.
 */
import { SqliteStorage } from '../../src/storage/sqlite.js';

const storage = SqliteStorage.open(process.argv[2]!);
storage.write([{ space: 'held', partition: 'p', sort: String(process.pid), item: {}, size: 1 }]);
process.stdout.write('ready\n');
setInterval(() => storage.stats('held'), 1000);
