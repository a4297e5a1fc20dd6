/** `dynotable apply`, `diff` and `undo` of the sample load on the embedded engine's data folder, through the shipped command (apply-suite.ts). */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'vitest';
import { DATABASE_FILE, openEngine } from '@dynotable/engine';
import { applySuite } from './apply-suite.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('dynotable apply and diff on the embedded engine', () =>
  applySuite({
    flags: (folder) => {
      // A folder the user made: the data commands make none of their own (a mistyped --data is refused).
      mkdirSync(join(folder, 'db'), { recursive: true });
      return ['--data', join(folder, 'db')];
    },
    label: (folder) => new RegExp(`the embedded engine \\(${escape(join(folder, 'db'))}\\)`),
    // The folder is the run's own: its example tables are there too, so the model's go under a prefix.
    prefix: 'run_',
    count: async (folder, table) => {
      // Opening a folder without a database would create one: a dry run must leave none.
      if (!existsSync(join(folder, 'db', DATABASE_FILE))) return undefined;
      const engine = openEngine({ dataDir: join(folder, 'db') });
      try {
        const tables = engine.execute('ListTables', {})['TableNames'] as string[];
        if (!tables.includes(table)) return undefined;
        return engine.execute('Scan', { TableName: table, Select: 'COUNT' })['Count'] as number;
      } finally {
        engine.close();
      }
    },
    send: async (folder, operation, input) => {
      const engine = openEngine({ dataDir: join(folder, 'db') });
      try {
        engine.execute(operation, input);
      } finally {
        engine.close();
      }
    },
    cleanup: async () => {},
  }));
