/** Help texts, kept apart from the code so they read as documents. */
import { topLevelCommands } from './command-table.js';
/** The top-level help: the commands from the command table, so a new command is listed by itself. */
export function mainHelp(): string {
  const commands = topLevelCommands()
    .map((command) => `  ${command.name.padEnd(11)}${command.summary}`)
    .join('\n');
  return `dynotable: a DynamoDB modeling workbench

Usage:
  dynotable [ui options]        Open the workbench in the browser (same as \`dynotable ui\`)
  dynotable <command> [options]
  dynotable help <command>      A command's help (same as \`dynotable <command> --help\`)

Commands:
${commands}

Options:
  -h, --help     Show this help (or \`dynotable <command> --help\`)
  -v, --version  Show the version

Every command takes --json: its output as JSON, and its errors as one JSON
line on standard error. Exit status: 0 success, 1 failure or problems found,
2 usage error, 3 not found, 4 already exists, 130 Ctrl-C (docs/cli.md).

Examples:
  dynotable                                   # the workbench, in the browser
  dynotable init && dynotable lint dynotable.model.yaml
  dynotable design "get order by id" "list orders by customer, newest first"
  dynotable expr key 'PK = "TEAM#7" AND begins_with(SK, "TICKET#")' --format python
  dynotable data export Orders -o orders.jsonl --profile dev
  dynotable engine --port 8000
  source <(dynotable completion bash)
`;
}

export const EXPR_HELP = `dynotable expr: turn friendly expression text into a DynamoDB request

Usage:
  dynotable expr <part> '<text>' [options]
  dynotable expr --key '<text>' [--filter '<text>'] [--projection '<text>'] [options]

  <part> is one of: key, condition, filter, update, projection. The positional
  form gives one part; the flags give one or more, and the two forms can be
  combined (each part at most once).

Friendly text is DynamoDB's expression syntax with plain attribute names and
literal values; the #name and :value placeholders are generated for you and
reserved words such as \`status\` are escaped. Names that are not plain
identifiers go in \`backquotes\`. Literals: "text", 42, -1.5e3 (numbers kept
exactly as written), true, false, null, [list], {"key": value},
<<"a", "b">> and <<1, 2>> (sets), b64"AQI=" (binary).

Parts:
  --key <text>          KeyConditionExpression (Query)
  --condition <text>    ConditionExpression (PutItem, UpdateItem, DeleteItem)
  --filter <text>       FilterExpression (Query, Scan)
  --update <text>       UpdateExpression (UpdateItem)
  --projection <text>   ProjectionExpression

Output:
  -f, --format <fmt>    json (default): the request fields in DynamoDB's wire
                        JSON (numbers as strings, binary as base64);
                        ts: TypeScript, AWS SDK v3 client;
                        ts-doc: TypeScript, lib-dynamodb DocumentClient;
                        python: boto3; cli: AWS CLI (bash);
                        java: AWS SDK for Java 2.x; go: AWS SDK for Go v2
  -t, --table <name>    Table name in the output (code uses YourTable if absent)
  -i, --index <name>    Index name (Query and Scan)
  -O, --operation <op>  Query, Scan, GetItem, PutItem, UpdateItem or DeleteItem.
                        Default: Query with a key condition, else UpdateItem
                        with an update, else Scan with a filter, else PutItem
                        with a condition, else GetItem.
  --json                One JSON object: the operation and the request fields
                        (with --format json) or the program text
  -h, --help            Show this help

Examples:
  dynotable expr key 'PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z"'
  dynotable expr --key 'PK = "TEAM#7"' --filter 'status = "open"' --format python --table Tickets
  dynotable expr update 'SET score = score + 1' --format cli
  dynotable expr condition 'attribute_not_exists(PK)' -O PutItem --json

Exit status: 0 on success, 1 when an expression is invalid (DynamoDB's error
is printed with a caret under the offending token), 2 for a usage error.
(-o is --output in every command; the operation's short flag is -O.)
`;

export const ENGINE_HELP = `dynotable engine: run the embedded DynamoDB-compatible engine over HTTP

Usage:
  dynotable engine [--port 8000] [--host 127.0.0.1] [--data <dir> | --in-memory]
                   [--credentials KEY:SECRET] [--trigger TABLE=./handler.mjs[,option=value…]]

Serves the DynamoDB JSON 1.0 protocol, so any AWS SDK, the AWS CLI or boto3
can use it with an endpoint override (e.g. --endpoint-url). Any credentials
are accepted unless --credentials is given, and all of them see the same
tables (DynamoDB Local, by contrast, keeps separate tables per access key and
region).

Options:
  -p, --port <n>    Port to listen on (default 8000; 0 picks a free one)
  --host <host>     Address to listen on (default 127.0.0.1, this machine only)
  --data <dir>      Keep tables on disk in <dir>, created if missing. Every
                    acknowledged write is on disk, and the tables are there
                    again at the next start. One engine at a time may use a
                    directory; a second one is refused.
  --in-memory       Keep tables in memory; they are lost when the engine stops
                    (the default)
  --credentials KEY:SECRET
                    Check every request's AWS Signature Version 4: only these
                    access keys, signed with their secrets, are let in.
                    Repeat the flag or separate pairs with commas. Without the
                    flag, DYNOTABLE_ENGINE_CREDENTIALS is read the same way.
  --trigger TABLE=./handler.mjs[,option=value…]
                    Run a Node handler on the table's stream as Lambda would:
                    it gets {Records: [...]} batches and its console output
                    and errors are printed as they happen. Repeat the flag for
                    more triggers. Options, separated by commas (Lambda's
                    setting in brackets; docs/triggers.md has the details):
                      batchSize=100     records per call, 1-10000 [BatchSize]
                      window=0          seconds to gather a batch, 0-300
                                        [MaximumBatchingWindowInSeconds]
                      start=LATEST      LATEST or TRIM_HORIZON [StartingPosition]
                      bisect=false      split a failing batch in two and retry
                                        each half [BisectBatchOnFunctionError]
                      retries=-1        retries of a failing batch, -1 until it
                                        succeeds [MaximumRetryAttempts]
                      reportFailures=false  honour {batchItemFailures} answers
                                        [ReportBatchItemFailures]
                      filter={...}      a Lambda filter pattern (JSON), up to 5
                                        [FilterCriteria]
                      timeout=3         seconds per call, 1-900 [Timeout]
                      onFailure=FILE    append given-up batches as JSON lines
                                        [on-failure destination]
                    The table needs a stream (StreamSpecification). The handler
                    file is imported again when it changes.
  --json            Once listening, print one JSON line: {"event":"listening",
                    "url", "host", "port", "storage"}; {"event":"stopped"} at
                    the end
  -h, --help        Show this help

Examples:
  dynotable engine --port 8000
  dynotable engine --data ./tables
  dynotable engine --credentials AKIDEXAMPLE:wJalrXUtnFEMI
  dynotable engine --trigger 'Orders=./on-order.mjs,batchSize=10,bisect=true,retries=2,onFailure=./failed.jsonl'
  dynotable engine --port 0 --json       # a free port, its URL as JSON
  aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000

Stop it with Ctrl+C (SIGINT) or SIGTERM.
`;

export const UI_HELP = `dynotable ui: open the workbench in the browser

Usage:
  dynotable [options]
  dynotable ui [options]

Starts the local DynoTable server on this machine, prints its address with a
token that is new at every start, and opens the browser. The embedded engine
is always connected; --endpoint or --profile/--region add one more connection.
More can be added in the browser.

Server:
  -p, --port <n>      Port to listen on (default 8600; if it is taken, a free
                      port is used instead; a port given here must be free)
  --host <host>       Address to listen on (default 127.0.0.1, this machine
                      only). Any other address needs --allow-remote.
  --allow-remote      Allow --host to be an address other machines can reach.
                      The token is still required on every request.
  --read-only         Make every connection read-only, whatever its own mode
  --no-open           Do not open the browser (also with BROWSER=none or on CI)

The embedded engine:
  --data <dir>        Keep its tables on disk in <dir> (default: a per-user
                      folder, ~/.local/share/dynotable/engine on Linux)
  --in-memory         Keep its tables in memory; they are lost at exit

The write journal (every write, with the item before and after, for undo):
  --journal <file>    Where to keep it (default: journal.jsonl beside the
                      per-user engine folder, or DYNOTABLE_JOURNAL). With
                      --in-memory and neither given, it is kept in memory.

A model:
  --model <file>      Link every table named in this model (YAML or JSON) to
                      it, on every connection, for this session: the grid
                      names each item's entity, the editor keeps derived keys
                      right, and the model's access patterns run as panes.
                      Links made in the browser are kept beside the journal.

Coding agents (docs/mcp.md):
  --mcp               Serve MCP at /mcp, with its own token (printed below)
  --expose <id>       Let agents read this connection (repeat for each)

Another connection:
  --endpoint <url>    DynamoDB Local, LocalStack, ScyllaDB Alternator or any
                      DynamoDB-compatible endpoint
  --profile <name>    AWS through this named profile (SSO and
                      credential_process included); needs a region
  --region <region>   The AWS region (alone: AWS through the default
                      credential chain). Connections to AWS ask before every
                      write (confirm-writes).
  --json              Print {"event":"listening","url", ...} as one JSON line
                      once the server listens
  -h, --help          Show this help

Examples:
  dynotable
  dynotable --in-memory --no-open
  dynotable --model ./tickets.yaml --endpoint http://localhost:8000
  dynotable --endpoint http://localhost:8000
  dynotable --profile dev --region eu-west-1 --read-only

Stop it with Ctrl+C (SIGINT) or SIGTERM.
`;
