/** `dynotable apply --help` and `dynotable diff --help`, kept apart from the code so they read as documents. */

const CONNECTION = `Where (the embedded engine's per-user data folder unless told otherwise):
  --data <dir>         The embedded engine's data folder (a new folder gets the
                       example tables first, as with \`dynotable data\`)
  --in-memory          A fresh embedded engine in memory (gone when the command ends)
  --endpoint <url>     Any DynamoDB endpoint (DynamoDB Local, LocalStack, ...)
  --profile <name>     An AWS profile (SSO and credential_process included)
  --region <region>    The AWS region (or AWS_REGION)`;

export const APPLY_HELP = `dynotable apply: create a model's tables on a connection, with sample data

Usage:
  dynotable apply <model.yaml> [--prefix <p>] [--sample <n>] [--dry-run] [options]

Creates every table of the model with its keys, indexes, projections, billing
mode and class (CreateTable), waits until each is ACTIVE, and turns on TTL
where the model has it. A table that exists already is refused by name and
nothing is created, unless --skip-existing leaves it as it is.

With --sample, <n> items of every entity go into the tables it created, made
by the verifier's generator from the model's attributes and key templates
(edge values included: long strings, unusual characters, numbers at their
bounds, a hot partition). Every batch is written to the journal before it is
sent, so \`dynotable undo --last <tables>\` takes the load back.

Options:
  --prefix <p>         Put <p> before every table name (dev_TicketDesk)
  --sample <n>         Load <n> sample items of every entity (default none)
  --seed <n>           The sample generator's seed (default 1): the same seed
                       gives the same items
  --skip-existing      Leave the tables that exist as they are (nothing is
                       loaded into them) and create the others
  --dry-run            Print every CreateTable request and what would be
                       loaded; connect to nothing, write nothing
  --json               The plan (with --dry-run) or the result as JSON
  -y, --yes            Write to AWS without asking first
  --journal <file>     The journal file (default: journal.jsonl beside the
                       per-user engine folder, or DYNOTABLE_JOURNAL)
  --quiet              No target line or progress bar
  -h, --help           Show this help

${CONNECTION}

Examples:
  dynotable apply examples/ticket-desk.yaml --dry-run
  dynotable apply examples/ticket-desk.yaml --prefix dev_ --sample 500
  dynotable apply model.yaml --endpoint http://localhost:8000 --sample 100
  dynotable diff model.yaml --table dev_TicketDesk

Exit status: 0 when every table was created (and loaded), 1 otherwise, 2 for
a usage error.
`;

export const DIFF_HELP = `dynotable diff: compare a model's table with a live table

Usage:
  dynotable diff <model.yaml> --table <name> [--model-table <name>] [options]

Reads the live table (DescribeTable, DescribeTimeToLive) and compares it with
the model's: the key schema and key types, every GSI and LSI (missing, extra,
other keys, other projection), billing mode and throughput, table class and
TTL. Each difference is printed as a sentence, then the UpdateTable (and
UpdateTimeToLive) requests that would close it, in the order to send them —
one GSI created or deleted per UpdateTable, as DynamoDB requires. What no
request can close (the table's keys, an LSI) is said plainly: it needs a new
table. Nothing is sent but the two reads.

Options:
  --table <name>       The live table
  --model-table <name> The model's table to compare it with (default: the one
                       of the same name, the model's only table, or the one
                       the live name ends with, as after --prefix)
  --json               The comparison as JSON
  -h, --help           Show this help

${CONNECTION}

Examples:
  dynotable diff examples/ticket-desk.yaml --table TicketDesk
  dynotable diff model.yaml --table dev_Orders --model-table Orders --endpoint http://localhost:8000

Exit status: 0 when the table is as the model says, 1 when they differ (or
the table cannot be read), 2 for a usage error.
`;
