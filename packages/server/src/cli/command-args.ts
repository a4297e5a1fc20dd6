/** Flag parsing shared by the subcommands: parseArgs with --help built in, and its errors turned into usage errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError, type Output } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** What a flag parses to, spelled out so the parsed values have a nameable type. */
type FlagValue<O> = O extends { type: 'string'; multiple: true }
  ? string[]
  : O extends { type: 'string' }
    ? string
    : O extends { type: 'boolean'; multiple: true }
      ? boolean[]
      : boolean;

type FlagValues<T extends Options> = { [K in keyof T]?: FlagValue<T[K]> };

export interface ParsedArgs<T extends Options> {
  readonly values: FlagValues<T>;
  readonly positionals: string[];
}

export function parseCommandArgs<T extends Options>(args: string[], options: T, hint: string): ParsedArgs<T> {
  try {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, strict: true, options });
    return { values: values as FlagValues<T>, positionals };
  } catch (error) {
    // parseArgs reports unknown flags and missing flag values as TypeErrors with a readable message.
    throw new UsageError(error instanceof Error ? error.message : String(error), hint);
  }
}

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * Reads a subcommand's flags (plus -h/--help). Prints the help and returns
 * undefined when it was asked for, so the command returns at once.
 */
export function readCommand<T extends Options>(
  args: string[],
  command: string,
  help: string,
  options: T,
  io: Output,
): (ParsedArgs<T> & { readonly hint: string }) | undefined {
  const hint = commandHint(command);
  const { values, positionals } = parseCommandArgs(args, { ...options, ...HELP_OPTION }, hint);
  if ((values as { help?: boolean }).help === true) {
    io.stdout(help);
    return undefined;
  }
  return { values: values as FlagValues<T>, positionals, hint };
}

function commandHint(command: string): string {
  return `Run \`dynotable ${command} --help\` for usage.`;
}

/** Exactly one positional, named for the message when it is missing or doubled. */
export function onePositional(positionals: string[], what: string, hint: string): string {
  const [first, extra] = positionals;
  if (first === undefined) throw new UsageError(`missing ${what}`, hint);
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`, hint);
  return first;
}

/** A flag's whole number from `min` to `max` (1 and no limit when not given), or undefined when the flag is absent. */
export function wholeNumberFlag(text: string | undefined, flag: string, hint: string, range: { readonly min?: number; readonly max?: number } = {}): number | undefined {
  if (text === undefined) return undefined;
  const min = range.min ?? 1;
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'up' : max.toLocaleString('en-US')} (got '${text}')`, hint);
  }
  return value;
}

/** The flags of a model file's output: -o FILE (--force replaces it) and --json; `design` and `import` take them. */
export const MODEL_OUTPUT_FLAGS = {
  output: { type: 'string', short: 'o' },
  force: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

/** Where a command reaches a table other than the embedded engine's: `undo` and `verify` take them. */
export const TARGET_FLAGS = {
  endpoint: { type: 'string' },
  profile: { type: 'string' },
  region: { type: 'string' },
} as const;

export function oneOfFlag<T extends string>(value: string, allowed: readonly T[], flag: string, hint: string): T {
  if (allowed.includes(value as T)) return value as T;
  throw new UsageError(`${flag} must be one of: ${allowed.join(', ')} (got '${value}')`, hint);
}
