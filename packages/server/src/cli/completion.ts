/**
 * `dynotable completion bash|zsh|fish`: a completion script made from the
 * command table, so every command, subcommand and flag completes, and a new
 * one does without touching this file.
 */
import { readCommand } from './command-args.js';
import { COMMANDS, COMPLETION_FLAGS, subcommandsOf, topLevelCommands, type CommandSpec } from './command-table.js';
import { EXIT_OK, UsageError, type Output } from './io.js';
import { oneOfFlag } from './command-args.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

export const COMPLETION_HELP = `dynotable completion: a shell completion script

Usage:
  dynotable completion bash|zsh|fish

Prints a script that completes dynotable's commands, subcommands and flags
(and file names for arguments). Load it in the shell's startup file.

Options:
  --json       Print {"shell", "script"} as JSON
  -h, --help   Show this help

Examples:
  source <(dynotable completion bash)                 # in ~/.bashrc
  source <(dynotable completion zsh)                  # in ~/.zshrc, after compinit
  dynotable completion fish > ~/.config/fish/completions/dynotable.fish
`;

/** Every word that completes after the command path: its flags (`--json`, `-o`). */
function flagWords(command: CommandSpec): string[] {
  const words = Object.entries(command.flags).flatMap(([name, spec]) => [`--${name}`, ...(spec.short !== undefined ? [`-${spec.short}`] : [])]);
  return [...words, '--help', '-h'];
}

function commandNames(): string {
  return [...topLevelCommands().map((command) => command.name), '--help', '--version'].join(' ');
}

/** The commands with flags, as shell `case` patterns: "lint", "data export". */
function leafCommands(): CommandSpec[] {
  return COMMANDS.filter((command) => command.group !== true && command.name !== 'help');
}

function groups(): CommandSpec[] {
  return COMMANDS.filter((command) => command.group === true);
}

function bashScript(): string {
  const groupCases = groups()
    .map((group) => `    ${group.name}) COMPREPLY=($(compgen -W "${subcommandsOf(group.name).map((sub) => sub.name.split(' ')[1]).join(' ')}" -- "$cur")); return ;;`)
    .join('\n');
  const flagCases = leafCommands()
    .map((command) => `    "${command.name}") words="${flagWords(command).join(' ')}" ;;`)
    .join('\n');
  const groupNames = groups().map((group) => group.name).join('|');
  return `# dynotable completion for bash: source <(dynotable completion bash)
_dynotable() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" command="\${COMP_WORDS[1]}" words=""
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${commandNames()}" -- "$cur")); return
  fi
  if [ "$COMP_CWORD" -eq 2 ]; then
    case "$command" in
${groupCases}
      help) COMPREPLY=($(compgen -W "${topLevelCommands().map((command) => command.name).join(' ')}" -- "$cur")); return ;;
    esac
  fi
  case "$command" in ${groupNames}) command="$command \${COMP_WORDS[2]}" ;; esac
  if [[ "$cur" == -* ]]; then
    case "$command" in
${flagCases}
    esac
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _dynotable dynotable
`;
}

function zshScript(): string {
  const groupCases = groups()
    .map((group) => `      ${group.name}) compadd -- ${subcommandsOf(group.name).map((sub) => sub.name.split(' ')[1]).join(' ')}; return ;;`)
    .join('\n');
  const flagCases = leafCommands()
    .map((command) => `      "${command.name}") compadd -- ${flagWords(command).join(' ')} ;;`)
    .join('\n');
  const groupNames = groups().map((group) => group.name).join('|');
  return `#compdef dynotable
# dynotable completion for zsh: source <(dynotable completion zsh), after compinit
_dynotable() {
  local command="\${words[2]}"
  if (( CURRENT == 2 )); then
    compadd -- ${commandNames()}; return
  fi
  if (( CURRENT == 3 )); then
    case "$command" in
${groupCases}
      help) compadd -- ${topLevelCommands().map((command) => command.name).join(' ')}; return ;;
    esac
  fi
  case "$command" in ${groupNames}) command="$command \${words[3]}" ;; esac
  if [[ "\${words[CURRENT]}" == -* ]]; then
    case "$command" in
${flagCases}
    esac
  else
    _files
  fi
}
compdef _dynotable dynotable
`;
}

/** A fish string in single quotes. */
function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function fishScript(): string {
  const lines = [
    '# dynotable completion for fish: dynotable completion fish > ~/.config/fish/completions/dynotable.fish',
    '# True when the words after `dynotable` start with the arguments (`__dynotable_is data export`).',
    'function __dynotable_is',
    '    set -l words (commandline -opc)',
    '    test (count $words) -gt (count $argv); or return 1',
    '    for i in (seq (count $argv))',
    '        test "$words[(math $i + 1)]" = "$argv[$i]"; or return 1',
    '    end',
    'end',
    'complete -c dynotable -f',
    "complete -c dynotable -n 'test (count (commandline -opc)) -eq 1' -l help -s h -d 'Show the help'",
    "complete -c dynotable -n 'test (count (commandline -opc)) -eq 1' -l version -s v -d 'Show the version'",
  ];
  for (const command of topLevelCommands()) {
    lines.push(`complete -c dynotable -n 'test (count (commandline -opc)) -eq 1' -a ${command.name} -d ${fishQuote(command.summary)}`);
  }
  for (const group of groups()) {
    for (const sub of subcommandsOf(group.name)) {
      lines.push(`complete -c dynotable -n '__dynotable_is ${group.name}; and test (count (commandline -opc)) -eq 2' -a ${sub.name.split(' ')[1]} -d ${fishQuote(sub.summary)}`);
    }
  }
  for (const command of leafCommands()) {
    for (const [name, spec] of Object.entries(command.flags)) {
      const short = spec.short !== undefined ? ` -s ${spec.short}` : '';
      const value = spec.type === 'string' ? ' -r -F' : '';
      lines.push(`complete -c dynotable -n '__dynotable_is ${command.name}' -l ${name}${short}${value}`);
    }
    lines.push(`complete -c dynotable -n '__dynotable_is ${command.name}' -l help -s h -d 'Show the help'`);
    if (!command.name.includes(' ') && subcommandsOf(command.name).length === 0) lines.push(`complete -c dynotable -n '__dynotable_is ${command.name}' -F`);
  }
  return `${lines.join('\n')}\n`;
}

const SCRIPTS: Record<Shell, () => string> = { bash: bashScript, zsh: zshScript, fish: fishScript };

export function runCompletion(args: string[], io: Output): number {
  const command = readCommand(args, 'completion', COMPLETION_HELP, COMPLETION_FLAGS, io);
  if (command === undefined) return EXIT_OK;
  const { values, positionals, hint } = command;
  const [name, extra] = positionals;
  if (name === undefined) throw new UsageError(`name the shell: ${SHELLS.join(', ')}`, hint);
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`, hint);
  const shell = oneOfFlag(name, SHELLS, 'the shell', hint);
  const script = SCRIPTS[shell]();
  io.stdout(values.json === true ? `${JSON.stringify({ shell, script })}\n` : script);
  return EXIT_OK;
}
