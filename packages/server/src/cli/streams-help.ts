/** Help of `dynotable streams`. */
export const STREAMS_HELP = `dynotable streams: read a table's DynamoDB stream

Usage:
  dynotable streams tail <table> [--from latest|trim-horizon] [connection]

Commands:
  tail       Print the table's stream records as JSON lines, following new ones
             until Ctrl+C (or until the reader of a pipe goes away)

Run \`dynotable streams tail --help\` for its options.

Examples:
  dynotable streams tail Orders --endpoint http://localhost:8000
`;

export const STREAMS_TAIL_HELP = `dynotable streams tail: a table's stream records as JSON lines

Usage:
  dynotable streams tail <table> [options]

Each record is one line of JSON as DynamoDB Streams gives it: eventName
(INSERT, MODIFY or REMOVE), and under "dynamodb" the Keys, the NewImage and
OldImage the stream's view type keeps, the SequenceNumber and the
ApproximateCreationDateTime (epoch seconds). The table needs a stream: turn it
on in the workbench (Update table → Stream) or with UpdateTable.

Options:
  --from <where>        latest (default): the records written from now on;
                        trim-horizon: every record the stream still holds
                        (the last 24 hours), then the new ones

Connection (the embedded engine's data folder by default):
  --data <dir>          The embedded engine in this data folder
  --endpoint <url>      A DynamoDB-compatible endpoint, e.g. \`dynotable engine\`
                        or DynamoDB Local at http://localhost:8000
  --profile <name>      AWS with this profile (SSO and credential_process too)
  --region <region>     AWS region (default: AWS_REGION)
  --in-memory           Refused: an in-memory engine has no writers
  --json                The records are JSON lines already; accepted for
                        scripts that pass --json to every command
  -h, --help            Show this help

Examples:
  dynotable streams tail Orders --endpoint http://localhost:8000
  dynotable streams tail Orders --from trim-horizon --data ./tables | head -5
  dynotable streams tail Orders --profile dev

It runs until Ctrl+C, or until what reads its output stops (\`| head -5\`).
`;
