/** "Did you mean" for a mistyped command or flag, from the command table. */
import { closestWord } from '@dynotable/core';
import { MAIN_FLAGS, subcommandsOf, topLevelCommands, UI_FLAGS, type FlagSet } from './command-table.js';

/** Words people type for an option of the command line itself. */
const OPTION_WORDS: Readonly<Record<string, string>> = { version: '--version', '-version': '--version', '--v': '--version' };

/** ` Did you mean \`dynotable lint\`?` for `lnt`, or nothing. */
export function commandSuggestion(word: string): string {
  const option = OPTION_WORDS[word];
  if (option !== undefined) return ` Did you mean \`dynotable ${option}\`?`;
  const match = closestWord(word, topLevelCommands().map((command) => command.name));
  return match === undefined ? '' : ` Did you mean \`dynotable ${match}\`?`;
}

/** ` Did you mean --json?` for `--jsn` among `flags` (and --help), or nothing. */
export function flagSuggestion(flag: string, flags: FlagSet): string {
  const name = flag.replace(/^-+/, '').split('=')[0]!;
  const names = [...Object.keys(flags), 'help'];
  const match = closestWord(name, names) ?? (name.length >= 3 ? names.find((candidate) => candidate.startsWith(name)) : undefined);
  return match === undefined ? '' : ` Did you mean --${match}?`;
}

/** Before any command: the main options and the workbench's (`dynotable --no-open`). */
export function mainFlagSuggestion(flag: string): string {
  return flagSuggestion(flag, { ...MAIN_FLAGS, ...UI_FLAGS });
}

/** ` Did you mean \`dynotable data export\`?` for `data exprot`, or nothing. */
export function subcommandSuggestion(group: string, word: string): string {
  const match = closestWord(word, subcommandsOf(group).map((command) => command.name.slice(group.length + 1)));
  return match === undefined ? '' : ` Did you mean \`dynotable ${group} ${match}\`?`;
}
