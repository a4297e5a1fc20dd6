/** `dynotable data export|import|copy`: items in and out of tables. */
import { runDataCopy } from './data-copy.js';
import { runDataExport } from './data-export.js';
import { DATA_HELP } from './data-help.js';
import { runDataImport } from './data-import.js';
import { EXIT_OK, UsageError, type Output } from './io.js';
import { subcommandSuggestion } from './suggest.js';

const HINT = 'Run `dynotable data --help` for usage.';

export async function runData(args: string[], io: Output): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'export':
      return runDataExport(rest, io);
    case 'import':
      return runDataImport(rest, io);
    case 'copy':
      return runDataCopy(rest, io);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      io.stdout(DATA_HELP);
      return EXIT_OK;
    default:
      throw new UsageError(`unknown data command '${command}': use export, import or copy.${subcommandSuggestion('data', command)}`, HINT);
  }
}
