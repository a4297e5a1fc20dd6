/** Help texts of the model commands, kept apart from the code so they read as documents. */
export const INIT_HELP = `dynotable init: write a commented starter model

Usage:
  dynotable init [file] [--force] [--json]

Writes a small, commented model (tables, entities, key templates, access
patterns, write paths) to <file> (default: dynotable.model.yaml). An existing
file is kept unless --force. The model format is described in docs/model.md;
editors that read the yaml-language-server comment complete every field.

Options:
  --force      Replace <file> if it exists
  --json       Print {"file": ...} as JSON
  -h, --help   Show this help

Examples:
  dynotable init
  dynotable init orders.model.yaml --force

Exit status: 0 when the file was written, 4 when it exists (without --force).
`;

export const DESIGN_HELP = `dynotable design: from access patterns to keys

Usage:
  dynotable design <model.yaml> [--output <file>] [--json]
  dynotable design "<question>" ["<question>" ...] [--output <file>] [--json]

With a model whose entities have no keys, designs a single-table layout:
key templates, overloaded GSIs only where the base table cannot answer,
sortable encodings, sparse indexes, uniqueness suffixes and write sharding,
with one sentence on why for each decision. With a model that already has
keys, checks them instead: every access pattern must be one GetItem or Query.
Questions on the command line design without a file, for example:

  dynotable design "get ticket by id" "list tickets by team, by priority"

Options:
  -o, --output <file>  Also write the designed model (YAML) to <file>
  --force              Replace <file> if it exists
  --json               Print the design as JSON
  -h, --help           Show this help

Examples:
  dynotable design dynotable.model.yaml
  dynotable design "get order by id" "list orders by customer, newest first" -o orders.model.yaml
  dynotable design orders.model.yaml --json

Exit status: 0 when every access pattern has a GetItem or Query, 1 otherwise.
`;

export const LINT_HELP = `dynotable lint: check a model against DynamoDB's pitfalls, and fix what is mechanical

Usage:
  dynotable lint <model.yaml> [--rule <id> ...] [--json]
  dynotable lint --fix <model.yaml|-> [--dry-run] [--rule <id> ...] [--json]

Rules have stable ids, a severity (error, warning, info), a message and a
fix; docs/lint-rules.md lists them all. Fixes that need no choice (a key
width, a sortable date, a dropped consistent read, ...) are model edits:
--fix writes them into the file, keeping its comments and layout, and
prints each fix, the diff and what is left.

Options:
  --rule <id>   Only this rule (repeatable)
  --fix         Apply the mechanical fixes to the file (written to a
                temporary file, then renamed over it); with '-' the model is
                read from standard input and the fixed model printed
  --dry-run     With --fix: print the fixes and the diff, write nothing
  --json        Print the findings as JSON; with --fix, an object with
                applied, diff, findings, clean (and text with --dry-run or -)
  -h, --help    Show this help

Examples:
  dynotable lint dynotable.model.yaml
  dynotable lint dynotable.model.yaml --rule hot-partition --json
  dynotable lint --fix dynotable.model.yaml --dry-run
  cat model.yaml | dynotable lint --fix - > fixed.yaml

Exit status: 0 when no finding is an error or a warning (after --fix: when
the fixed model lints clean), 1 otherwise, 2 for bad usage.
`;

export const COST_HELP = `dynotable cost: read and write units and money, per access pattern and write path

Usage:
  dynotable cost <model.yaml> [--prices <file.json>] [--assume] [--json]
  dynotable cost --compare-move [--item-bytes 1024] [--prices <file.json>] [--json]

Units per call follow DynamoDB's rounding (4 KB reads, 1 KB writes, eventual
reads at half, transactions at twice, GSI write amplification); monthly cost
uses each pattern's declared rate on on-demand and on provisioned capacity,
plus storage with index overhead. Prices are a dated us-east-1 table; a JSON
file with some of its fields overrides them.

Options:
  --prices <file>      Price overrides (JSON)
  --assume             Price missing rates, counts and write paths at the
                       designer's assumed defaults (marked *); the file is
                       not changed
  --compare-move       The ticket-desk question: moving an item with a
                       transactional Delete+Put versus updating a GSI sort key
  --item-bytes <n>     Item size for --compare-move (default 1024)
  --json               Print the report as JSON
  -h, --help           Show this help

Examples:
  dynotable cost dynotable.model.yaml
  dynotable cost dynotable.model.yaml --assume --prices eu-west-1.json
  dynotable cost --compare-move --item-bytes 2048 --json
`;

export const EXPORT_HELP = `dynotable export: a model as infrastructure code or NoSQL Workbench JSON

Usage:
  dynotable export <model.yaml> [--format <format>] [--output <file>] [--force]

Formats:
  cloudformation-json, cloudformation-yaml   AWS::DynamoDB::Table resources
  cdk                                        AWS CDK TypeScript (TableV2)
  terraform                                  aws_dynamodb_table resources
  nosql-workbench                            NoSQL Workbench model JSON
  json, yaml                                 the DynoTable model itself

Without --format, the output file's name says it: .tf terraform, .ts cdk,
.template.json / .template.yaml CloudFormation, .nosql-workbench.json NoSQL
Workbench, .model.json / .model.yaml the model.

Options:
  -f, --format <format>  One of the formats above (required without --output)
  -o, --output <file>    Write to <file> instead of standard output
  --force                Replace <file> if it exists
  --date-created <date>  nosql-workbench: the model's DateCreated and
                         DateLastModified (an ISO date; default
                         SOURCE_DATE_EPOCH, else 2000-01-01: never the clock,
                         so the same model exports the same file)
  --json                 Print the file name, text and warnings as JSON
  -h, --help             Show this help

Examples:
  dynotable export dynotable.model.yaml -o stack.tf
  dynotable export dynotable.model.yaml --format cloudformation-yaml
  dynotable export dynotable.model.yaml -f nosql-workbench --date-created 2026-06-01 -o orders.json
`;

export const IMPORT_HELP = `dynotable import: a NoSQL Workbench model (or a DynoTable model) as a DynoTable model

Usage:
  dynotable import <file.json> [--output <file.yaml>] [--force] [--json]

Reads NoSQL Workbench model JSON (unknown fields are reported and skipped)
and prints the DynoTable model as YAML, or JSON with --json.

Options:
  -o, --output <file>  Write the model to <file> instead of standard output
  --force              Replace <file> if it exists
  --json               Print the model and the warnings as JSON
  -h, --help           Show this help

Examples:
  dynotable import orders.nosql-workbench.json
  dynotable import orders.nosql-workbench.json -o orders.model.yaml
`;

export const CODEGEN_HELP = `dynotable codegen: a typed data-access module from a model

Usage:
  dynotable codegen <model.yaml> --output <dir> [--force] [--json]
  dynotable codegen <model.yaml> --pattern <name> [--format python|cli]

With --output, writes a TypeScript module on the AWS SDK v3 (one function per
access pattern, paginated as an async iterator over LastEvaluatedKey, and one
per write path, including transactional moves) and a Vitest integration test
for it, which runs against the endpoint in DYNAMODB_ENDPOINT. With --pattern,
prints one access pattern as a boto3 snippet or an AWS CLI command.

Options:
  -o, --output <dir>   Folder for the module and its test (created if missing);
                       --out <dir> is the same
  --out <dir>          The former name of --output
  --pattern <name>     One access pattern
  -f, --format <fmt>   python (default) or cli, with --pattern
  --force              Replace existing files
  --json               Print what was written (or the snippet) as JSON
  -h, --help           Show this help

Examples:
  dynotable codegen dynotable.model.yaml -o src/data
  dynotable codegen dynotable.model.yaml --pattern getOrder --format cli
`;

export const VERIFY_HELP = `dynotable verify: prove a model on a live table

Usage:
  dynotable verify <model.yaml> [--endpoint <url> | --profile <name> --region <r>]
                   [--items 1000] [--seed 1] [--keep] [--yes] [--json]

Creates the model's tables under a temporary prefix, writes deterministic,
adversarial sample data through the model's key templates, checks the write
paths (a duplicate create is refused, an update moves the item in every index,
a transactional move leaves one item, a sparse index holds only what
qualifies), runs every access pattern as its one GetItem or Query (every
page) and compares the result with the answer the question means, computed
from the sample data without the keys. Runs on the embedded engine unless
told otherwise.

Options:
  --endpoint <url>   Any DynamoDB-compatible endpoint (DynamoDB Local, LocalStack...)
  --profile <name>   An AWS profile (SSO and credential_process work)
  --region <r>       The AWS region
  --items <n>        Sample items in all (default 1000)
  --seed <n>         Seed of the sample data (default 1); the same seed gives the same data
  --keep             Keep the temporary tables
  -y, --yes          On AWS, write without asking first
  --json             Print the report as JSON
  --quiet            No progress bar
  -h, --help         Show this help

Where: the flags, else AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL or
AWS_PROFILE from the environment, else the embedded engine (docs/cli.md).

Examples:
  dynotable verify dynotable.model.yaml
  dynotable verify dynotable.model.yaml --endpoint http://localhost:8000 --items 5000
  dynotable verify dynotable.model.yaml --profile dev --yes --json

Exit status: 0 when every check passes, 1 otherwise.
`;
