/** Help texts of `dynotable data`, kept apart from the code so they read as documents. */
import { DATA_FORMAT_INFO } from '@dynotable/core';

const CONNECTION = `Where (the embedded engine unless told otherwise):
  --data <dir>         The embedded engine's data folder (default: the per-user one)
  --in-memory          A fresh embedded engine in memory (for trying things out)
  --endpoint <url>     Any DynamoDB endpoint (DynamoDB Local, LocalStack, ...)
  --profile <name>     An AWS profile (SSO and credential_process included)
  --region <region>    The AWS region (or AWS_REGION, or the profile's region)
Without these flags: AWS_ENDPOINT_URL_DYNAMODB or AWS_ENDPOINT_URL, else
AWS_PROFILE from the environment, else the embedded engine. The target is
printed on standard error before anything is written.`;

/** The formats, from the registry (core's DATA_FORMAT_INFO): each name, then its help lines. */
const FORMATS = `Formats (docs/import-export.md):
${DATA_FORMAT_INFO.map((info) => info.help.map((line, i) => `  ${(i === 0 ? info.name : '').padEnd(17)}${line}`).join('\n')).join('\n')}`;

export const DATA_HELP = `dynotable data: move items in and out of tables

Usage:
  dynotable data export <table> [options]
  dynotable data import <table> <file|folder|-> [options]
  dynotable data copy <source-table> [<target-table>] [options]

Commands:
  export     A table's items to a file or standard output
  import     Items from a file (or standard input) into a table
  copy       A table's items (and schema) from one connection to another

Run \`dynotable data <command> --help\` for each command's options.

Examples:
  dynotable data export Orders -o orders.jsonl
  dynotable data import Orders orders.csv --endpoint http://localhost:8000
  dynotable data copy Orders --from-profile prod --create-table
`;

export const DATA_EXPORT_HELP = `dynotable data export: a table's items to a file

Usage:
  dynotable data export <table> [--format <format>] [--output <file>|-]
                        [--filter '<condition>'] [--limit <n>] [--segments <n>]

Reads the table with Scan, page by page, and writes each page as it arrives:
memory stays flat whatever the table's size. Without --output the items go to
standard output.

Options:
  -f, --format <format>  The file format (default: from the file's extension —
                         .jsonl plain JSON lines, .dynamodb.jsonl, .csv,
                         .json, .gz — or else dynamodb-json)
  -o, --output <file>    The file to write; - for standard output (s3-export
                         writes a folder)
  --force                Replace an existing file (or a folder's contents)
  --filter '<text>'      Only items matching this condition, written as in the
                         workbench: status = "open" and priority >= 2
  --limit <n>            At most <n> items
  --segments <n>         Scan in <n> parallel segments (1 to 64; faster on AWS)
  --quiet                No target line, progress bar or summary (errors still shown)
  --json                 The summary as one JSON object: on standard output,
                         or on standard error when the items go to standard
                         output
  -h, --help             Show this help

${CONNECTION}

${FORMATS}

Examples:
  dynotable data export Orders -o orders.jsonl
  dynotable data export Orders --filter 'status = "open"' --limit 100 | jq .
  dynotable data export Orders -o backup/ --format s3-export --profile prod

Exit status: 0 when every item was written to the file, 1 otherwise (a
partial file is removed), 4 when the file exists (without --force), 130 on
Ctrl-C.
`;

export const DATA_IMPORT_HELP = `dynotable data import: items from a file into a table

Usage:
  dynotable data import <table> <file|folder|-> [--format <format>] [--yes]

Reads the file twice, as a stream. The first pass checks every item as
DynamoDB would check its PutItem on the table (values, the 400 KB limit, key
and index key types); the first bad item stops the import with its line, and
nothing is written. The second pass writes with BatchWriteItem, 25 items at a
time, retrying unprocessed items with exponential backoff and jitter. A gzip
file is read as such; a folder is read as DynamoDB's export to S3. With -
the items come from standard input (saved to a temporary file first).

Before each batch is sent, the items at its keys are read and the batch is
recorded in the write journal, on disk: \`dynotable undo --last 1\` undoes the
import, even one cut short by a crash (an in-memory engine keeps no journal).

Options:
  -f, --format <format>    The file format (default: guessed from its start)
  --csv-type-row           csv: the second row gives each column's type
  --workbench-table <name> nosql-workbench: whose items to read
  -y, --yes                Write to AWS without asking first
  --journal <file>         The write journal (default: DYNOTABLE_JOURNAL, else
                           journal.jsonl beside the per-user engine folder)
  --quiet                  No target line, progress bar or summary (errors still shown)
  --json                   The result as one JSON object on standard output
  -h, --help               Show this help

${CONNECTION}

${FORMATS}

Examples:
  dynotable data import Orders orders.jsonl
  dynotable data import Orders orders.csv --csv-type-row --profile dev --yes
  gunzip -c items.json.gz | dynotable data import Orders -

Exit status: 0 when every item was written, 1 otherwise; the message says
exactly how many items were written. 130 on Ctrl-C.
`;

export const DATA_COPY_HELP = `dynotable data copy: a table's schema and items from one place to another

Usage:
  dynotable data copy <source-table> [<target-table>] [--from-… ] [--to-…]
                      [--create-table] [--filter '<condition>'] [--limit <n>]

Scans the source and writes its items into the target with BatchWriteItem,
without a file. The target table keeps the source's name unless given. For
example, from AWS into the embedded engine:

  dynotable data copy Orders --from-profile prod --from-region eu-west-1 --create-table

Each batch written into the target is recorded in the write journal first
(with the target's items it replaces), so \`dynotable undo --last 1\` with
the target's flags undoes the copy.

Options:
  --create-table          Create the target first with the source's keys,
                          indexes (with projections) and billing mode
  --filter '<text>'       Only items matching this condition
  --limit <n>             At most <n> items
  --segments <n>          Scan the source in <n> parallel segments
  -y, --yes               Write to AWS without asking first
  --journal <file>        The write journal (default: DYNOTABLE_JOURNAL, else
                          journal.jsonl beside the per-user engine folder)
  --quiet                 No target line, progress bar or summary (errors still shown)
  --json                  The result as one JSON object on standard output
  -h, --help              Show this help

Both sides (unless a side has flags of its own):
  --data <dir>  --in-memory  --endpoint <url>  --profile <name>  --region <region>
The source (the embedded engine unless told otherwise):
  --from-data <dir>  --from-in-memory  --from-endpoint <url>
  --from-profile <name>  --from-region <region>
The target (the embedded engine unless told otherwise):
  --to-data <dir>  --to-in-memory  --to-endpoint <url>
  --to-profile <name>  --to-region <region>

Examples:
  dynotable data copy Orders Orders_backup
  dynotable data copy Orders --from-profile prod --from-region eu-west-1 --create-table
  dynotable data copy Orders --to-endpoint http://localhost:8000 --create-table --json

Exit status: 0 when every item was copied, 1 otherwise; the message says
exactly how many items were written. 130 on Ctrl-C.
`;
