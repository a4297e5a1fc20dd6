/** Flag parsing shared by the subcommands: parseArgs with --help built in, and its errors turned into usage errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { HELP_FLAG, type FlagSet } from './command-table.js';
import { UsageError, type Output } from './io.js';
import { flagSuggestion } from './suggest.js';

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
    throw new UsageError(flagProblem(args, options as FlagSet, error), hint);
  }
}

/**
 * parseArgs's complaint in our words: the flag by name, with "did you mean"
 * for an unknown one (its own message quotes the flag with unbalanced quotes).
 */
function flagProblem(args: readonly string[], options: FlagSet, error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const unknown = unknownFlag(args, options);
    if (unknown !== undefined) return `unknown option '${unknown}'.${unknown.startsWith('--') ? flagSuggestion(unknown, options) : shortSuggestion(unknown, options)}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const named = /'(-\w, )?(--[\w-]+)/.exec(message)?.[2];
    if (named !== undefined && /argument missing/.test(message)) return `${named} needs a value`;
    if (named !== undefined && /does not take an argument/.test(message)) return `${named} takes no value`;
    if (named !== undefined && /ambiguous/.test(message)) return `${named} needs a value; a value that starts with '-' is written ${named}=<value>`;
  }
  return message;
}

/** `-o` where only `-O` exists: the flag of the other case. */
function shortSuggestion(flag: string, options: FlagSet): string {
  const letter = flag.slice(1);
  const other = Object.entries(options).find(([, spec]) => spec.short !== undefined && spec.short.toLowerCase() === letter.toLowerCase());
  return other === undefined ? '' : ` Did you mean -${other[1].short} (--${other[0]})?`;
}

/** The first argument that names no flag of `options` (values of string flags and everything after `--` skipped). */
function unknownFlag(args: readonly string[], options: FlagSet): string | undefined {
  const byShort = new Map(Object.entries(options).flatMap(([name, spec]) => (spec.short === undefined ? [] : [[spec.short, name] as const])));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return undefined;
    if (arg.startsWith('--')) {
      const [name] = arg.slice(2).split('=');
      const spec = options[name!];
      if (spec === undefined) return arg.split('=')[0];
      if (spec.type === 'string' && !arg.includes('=')) i++;
    } else if (arg.startsWith('-') && arg.length > 1) {
      for (let at = 1; at < arg.length; at++) {
        const name = byShort.get(arg[at]!);
        if (name === undefined) return `-${arg[at]}`;
        if (options[name]!.type === 'string') {
          if (at === arg.length - 1) i++;
          break;
        }
      }
    }
  }
  return undefined;
}


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
  const { values, positionals } = parseCommandArgs(args, { ...options, ...HELP_FLAG }, hint);
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

export function oneOfFlag<T extends string>(value: string, allowed: readonly T[], flag: string, hint: string): T {
  if (allowed.includes(value as T)) return value as T;
  throw new UsageError(`${flag} must be one of: ${allowed.join(', ')} (got '${value}')`, hint);
}
