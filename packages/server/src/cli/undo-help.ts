/** `dynotable undo --help`. */
export const UNDO_HELP = `dynotable undo: list or undo recent writes made through DynoTable

Usage:
  dynotable undo --list [--limit <n>] [options]
  dynotable undo [--last <n> | --id <operation>] [--yes] [options]

Every write made through DynoTable (put, update, key change, delete, batch
delete) is kept in the write journal with the item before and after. Undo
restores the item as it was before — only if it is still exactly as that write
left it. An item changed since is refused, by name, and nothing of its
operation is written. The undo is journaled too: undo it (--id) to redo.

Which writes:
  --list              List the recent operations on this connection, newest first
  --limit <n>         How many to list (default 20)
  --last <n>          Undo the last <n> operations still in effect (default 1),
                      newest first, stopping at the first that cannot be undone
  --id <operation>    Undo this operation (its id from --list)
  --table <name>      Only operations on this table

Where (the connection the writes went to; default the embedded engine's
per-user data folder):
  --data <dir>        The embedded engine in <dir>. Stop a running dynotable
                      that uses it first, or undo from the workbench instead.
  --endpoint <url>    DynamoDB Local or another DynamoDB-compatible endpoint
  --profile <name>    AWS through this named profile; needs a region
  --region <region>   The region (alone: AWS through the default credential chain)

  --journal <file>    The journal file (default: journal.jsonl beside the
                      per-user engine folder, or DYNOTABLE_JOURNAL)
  -y, --yes           Undo without asking first
  --json              The list, or the undo's result, as JSON
  -h, --help          Show this help

Examples:
  dynotable undo --list
  dynotable undo --last 1
  dynotable undo --id lq3k2x0a1-9f2c4e1b --endpoint http://localhost:8000
`;
