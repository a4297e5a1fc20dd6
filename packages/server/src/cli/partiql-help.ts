/** Help of `dynotable partiql`, kept apart from the code so it reads as a document. */
export const PARTIQL_HELP = `dynotable partiql: run a PartiQL statement on any connection

Usage:
  dynotable partiql "<statement>" [--param '<json>']... [options]

Runs the statement as the DynamoDB request it is (docs/partiql.md): a SELECT
as GetItem, Query or Scan, an INSERT, UPDATE or DELETE as PutItem,
UpdateItem or DeleteItem. The plan goes to standard error first, with its
cost — "Query on GSI1, 0.5 RCU", or "full Scan of 1,800 items, 23 RCU — add
a key condition on PK" — then the items, one DynamoDB JSON line each.
Writes are recorded in the write journal (\`dynotable undo --last 1\`).

Options:
  --param <json>       A value for the next ?, as DynamoDB JSON ({"S":"a"})
                       or plain JSON ("a", 1, true); repeat for each ?
  --consistent         Strongly consistent reads
  --all                Every page of a read (default: the first page)
  --json               One JSON document: the plan, items, counts, capacity
  --plan               Only the plan: send nothing
  -y, --yes            Write to AWS without asking
  --journal <file>     The write journal (default: DYNOTABLE_JOURNAL, else
                       journal.jsonl beside the per-user engine folder)

Where (the embedded engine unless told otherwise):
  --data <dir>         The embedded engine's data folder (default: the per-user one)
  --in-memory          A fresh embedded engine in memory
  --endpoint <url>     Any DynamoDB endpoint (DynamoDB Local, LocalStack, ...)
  --profile <name>     An AWS profile
  --region <region>    The AWS region (or AWS_REGION)
  -h, --help           Show this help

Examples:
  dynotable partiql 'SELECT * FROM "Orders" WHERE PK = ?' --param '"CUSTOMER#1"'
  dynotable partiql 'UPDATE "Orders" SET status = '"'"'shipped'"'"' WHERE PK = '"'"'A'"'"' AND SK = '"'"'B'"'"'' --endpoint http://localhost:8000
`;
