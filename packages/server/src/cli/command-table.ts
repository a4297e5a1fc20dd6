/**
 * Every `dynotable` command and the flags it parses, in one table. The
 * commands read their flags from here, and so do the top-level help, shell
 * completion, "did you mean" and the test that holds docs/cli.md to it: a flag
 * added here and not documented fails that test. Plain data, so reading it
 * loads none of the commands.
 */

/** One flag as node:util's parseArgs takes it. */
interface FlagSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  readonly multiple?: boolean;
}

export type FlagSet = Readonly<Record<string, FlagSpec>>;

export interface CommandSpec {
  /** As typed after `dynotable`: `lint`, `data export`. */
  readonly name: string;
  readonly summary: string;
  readonly flags: FlagSet;
  /** Subcommands (`data export`, …) have their own entries; this one only dispatches. */
  readonly group?: boolean;
}

const JSON_FLAG = { json: { type: 'boolean' } } as const;

/** The help flag every command takes. */
export const HELP_FLAG = { help: { type: 'boolean', short: 'h' } } as const;

/** Where a data command reads or writes (docs/cli.md, "Choosing a connection"). */
export const CONNECTION_FLAGS = {
  data: { type: 'string' },
  'in-memory': { type: 'boolean' },
  endpoint: { type: 'string' },
  profile: { type: 'string' },
  region: { type: 'string' },
} as const;

const FROM_FLAGS = {
  'from-data': { type: 'string' },
  'from-in-memory': { type: 'boolean' },
  'from-endpoint': { type: 'string' },
  'from-profile': { type: 'string' },
  'from-region': { type: 'string' },
} as const;

const TO_FLAGS = {
  'to-data': { type: 'string' },
  'to-in-memory': { type: 'boolean' },
  'to-endpoint': { type: 'string' },
  'to-profile': { type: 'string' },
  'to-region': { type: 'string' },
} as const;

/** A remote target without the embedded engine's flags: `verify` takes them. */
const TARGET_FLAGS = {
  endpoint: { type: 'string' },
  profile: { type: 'string' },
  region: { type: 'string' },
} as const;

/** A model file's output: `design` and `import` take them. */
const MODEL_OUTPUT_FLAGS = {
  output: { type: 'string', short: 'o' },
  force: { type: 'boolean' },
  ...JSON_FLAG,
} as const;

export const UI_FLAGS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  'allow-remote': { type: 'boolean' },
  'read-only': { type: 'boolean' },
  endpoint: { type: 'string' },
  profile: { type: 'string' },
  region: { type: 'string' },
  data: { type: 'string' },
  'in-memory': { type: 'boolean' },
  'no-open': { type: 'boolean' },
  journal: { type: 'string' },
  model: { type: 'string' },
  mcp: { type: 'boolean' },
  expose: { type: 'string', multiple: true },
  ...JSON_FLAG,
} as const;

export const EXPR_FLAGS = {
  key: { type: 'string' },
  condition: { type: 'string' },
  filter: { type: 'string' },
  update: { type: 'string' },
  projection: { type: 'string' },
  format: { type: 'string', short: 'f' },
  table: { type: 'string', short: 't' },
  index: { type: 'string', short: 'i' },
  // -o is --output in every command; the operation is -O.
  operation: { type: 'string', short: 'O' },
  ...JSON_FLAG,
} as const;

export const ENGINE_FLAGS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  'in-memory': { type: 'boolean' },
  data: { type: 'string' },
  credentials: { type: 'string', multiple: true },
  trigger: { type: 'string', multiple: true },
  ...JSON_FLAG,
} as const;

export const INIT_FLAGS = { force: { type: 'boolean' }, ...JSON_FLAG } as const;
export const DESIGN_FLAGS = MODEL_OUTPUT_FLAGS;
export const IMPORT_FLAGS = MODEL_OUTPUT_FLAGS;

export const LINT_FLAGS = {
  rule: { type: 'string', multiple: true },
  fix: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  ...JSON_FLAG,
} as const;

export const COST_FLAGS = {
  prices: { type: 'string' },
  'compare-move': { type: 'boolean' },
  'item-bytes': { type: 'string' },
  assume: { type: 'boolean' },
  ...JSON_FLAG,
} as const;

export const EXPORT_FLAGS = {
  format: { type: 'string', short: 'f' },
  output: { type: 'string', short: 'o' },
  force: { type: 'boolean' },
  'date-created': { type: 'string' },
  ...JSON_FLAG,
} as const;

export const CODEGEN_FLAGS = {
  output: { type: 'string', short: 'o' },
  out: { type: 'string' },
  pattern: { type: 'string' },
  format: { type: 'string', short: 'f' },
  force: { type: 'boolean' },
  ...JSON_FLAG,
} as const;

export const VERIFY_FLAGS = {
  ...TARGET_FLAGS,
  items: { type: 'string' },
  seed: { type: 'string' },
  keep: { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  quiet: { type: 'boolean' },
  ...JSON_FLAG,
} as const;

export const APPLY_FLAGS = {
  prefix: { type: 'string' },
  sample: { type: 'string' },
  seed: { type: 'string' },
  'skip-existing': { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  journal: { type: 'string' },
  ...CONNECTION_FLAGS,
  quiet: { type: 'boolean' },
  ...JSON_FLAG,
} as const;

export const DIFF_FLAGS = {
  table: { type: 'string', short: 't' },
  'model-table': { type: 'string' },
  ...CONNECTION_FLAGS,
  ...JSON_FLAG,
} as const;

export const UNDO_FLAGS = {
  list: { type: 'boolean' },
  limit: { type: 'string' },
  last: { type: 'string' },
  id: { type: 'string' },
  table: { type: 'string' },
  data: { type: 'string' },
  ...TARGET_FLAGS,
  journal: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  ...JSON_FLAG,
} as const;

export const DATA_EXPORT_FLAGS = {
  format: { type: 'string', short: 'f' },
  output: { type: 'string', short: 'o' },
  force: { type: 'boolean' },
  filter: { type: 'string' },
  limit: { type: 'string' },
  segments: { type: 'string' },
  ...CONNECTION_FLAGS,
  quiet: { type: 'boolean' },
  ...JSON_FLAG,
} as const;

export const DATA_IMPORT_FLAGS = {
  format: { type: 'string', short: 'f' },
  'csv-type-row': { type: 'boolean' },
  'workbench-table': { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  journal: { type: 'string' },
  ...CONNECTION_FLAGS,
  quiet: { type: 'boolean' },
  ...JSON_FLAG,
} as const;

export const DATA_COPY_FLAGS = {
  'create-table': { type: 'boolean' },
  filter: { type: 'string' },
  limit: { type: 'string' },
  segments: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  journal: { type: 'string' },
  ...CONNECTION_FLAGS,
  ...FROM_FLAGS,
  ...TO_FLAGS,
  quiet: { type: 'boolean' },
  ...JSON_FLAG,
} as const;

export const PARTIQL_FLAGS = {
  param: { type: 'string', multiple: true },
  consistent: { type: 'boolean' },
  all: { type: 'boolean' },
  plan: { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  journal: { type: 'string' },
  ...CONNECTION_FLAGS,
  ...JSON_FLAG,
} as const;

export const STREAMS_TAIL_FLAGS = { from: { type: 'string' }, ...CONNECTION_FLAGS, ...JSON_FLAG } as const;

export const MCP_FLAGS = {
  'in-memory': { type: 'boolean' },
  data: { type: 'string' },
  endpoint: { type: 'string' },
  profile: { type: 'string' },
  region: { type: 'string' },
  expose: { type: 'string', multiple: true },
  'read-only': { type: 'boolean' },
  model: { type: 'string', multiple: true },
  ...JSON_FLAG,
} as const;

export const COMPLETION_FLAGS = { ...JSON_FLAG } as const;

/** In the order the top-level help lists them. */
export const COMMANDS: readonly CommandSpec[] = [
  { name: 'ui', summary: 'Open the workbench in the browser: the local server on 127.0.0.1', flags: UI_FLAGS },
  { name: 'expr', summary: 'Turn friendly expression text into DynamoDB request fields or code', flags: EXPR_FLAGS },
  { name: 'engine', summary: 'Run the embedded DynamoDB-compatible engine over HTTP', flags: ENGINE_FLAGS },
  { name: 'init', summary: 'Write a commented starter model', flags: INIT_FLAGS },
  { name: 'design', summary: "Design keys from access patterns, or check a model's keys", flags: DESIGN_FLAGS },
  { name: 'lint', summary: "Check a model against DynamoDB's pitfalls; --fix fixes what is mechanical", flags: LINT_FLAGS },
  { name: 'cost', summary: 'Read/write units and monthly cost of a model', flags: COST_FLAGS },
  { name: 'export', summary: 'A model as CloudFormation, CDK, Terraform or NoSQL Workbench JSON', flags: EXPORT_FLAGS },
  { name: 'import', summary: 'A NoSQL Workbench model as a DynoTable model', flags: IMPORT_FLAGS },
  { name: 'codegen', summary: 'A typed data-access module (and its test) from a model', flags: CODEGEN_FLAGS },
  { name: 'verify', summary: 'Prove a model on a live table (the embedded engine by default)', flags: VERIFY_FLAGS },
  { name: 'apply', summary: "Create a model's tables on a connection, with sample data", flags: APPLY_FLAGS },
  { name: 'diff', summary: "Compare a model's table with a live table: differences and UpdateTable requests", flags: DIFF_FLAGS },
  { name: 'data', summary: 'Items in and out: export, import, copy between connections', flags: {}, group: true },
  { name: 'data export', summary: "A table's items to a file or standard output", flags: DATA_EXPORT_FLAGS },
  { name: 'data import', summary: 'Items from a file (or standard input) into a table', flags: DATA_IMPORT_FLAGS },
  { name: 'data copy', summary: "A table's items (and schema) from one connection to another", flags: DATA_COPY_FLAGS },
  { name: 'partiql', summary: 'Run a PartiQL statement on any connection, with its plan and cost', flags: PARTIQL_FLAGS },
  { name: 'streams', summary: "Follow a table's DynamoDB stream: its records as JSON lines", flags: {}, group: true },
  { name: 'streams tail', summary: "A table's stream records as JSON lines, following new ones", flags: STREAMS_TAIL_FLAGS },
  { name: 'undo', summary: 'List or undo recent writes made through DynoTable (the journal)', flags: UNDO_FLAGS },
  { name: 'mcp', summary: 'The MCP server for coding agents, over stdio (docs/mcp.md)', flags: MCP_FLAGS },
  { name: 'completion', summary: 'A shell completion script: bash, zsh or fish', flags: COMPLETION_FLAGS },
  { name: 'help', summary: "A command's help: dynotable help <command>", flags: {} },
];

/** The options of the command line itself, before any command. */
export const MAIN_FLAGS = { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } } as const;

/** The commands typed right after `dynotable`. */
export function topLevelCommands(): CommandSpec[] {
  return COMMANDS.filter((command) => !command.name.includes(' '));
}

/** The subcommands of a group (`data` → export, import, copy). */
export function subcommandsOf(group: string): CommandSpec[] {
  return COMMANDS.filter((command) => command.name.startsWith(`${group} `));
}
