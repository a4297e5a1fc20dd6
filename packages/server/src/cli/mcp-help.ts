/** Help of `dynotable mcp`, kept apart from the code so it reads as a document. */
export const MCP_HELP = `dynotable mcp: the MCP server for coding agents, over stdio

Usage:
  dynotable mcp [options]

An agent launches it (Claude Code: \`claude mcp add dynotable -- npx dynotable mcp\`)
and talks MCP on standard input and output; see docs/mcp.md. Its tools design,
lint, cost and verify models, generate code, and read the tables of the
connections a person exposed. Writes are never run here: the propose_* tools
stage them in the data folder (--data, else the default one), and a person
approves or rejects each in a workbench on that folder; proposal_status reads
the outcome. The folder's engine is opened only for each burst of calls, so
a workbench can start on the folder at any time; while it holds the folder,
calls on that engine say so (connect the agent to the workbench's /mcp).

Connections:
  --in-memory          A fresh embedded engine in memory (the default), exposed
                       to the agent: it holds nothing but what the session makes.
                       Given explicitly: no data folder, so no proposed writes
  --data <dir>         The embedded engine on disk instead (not exposed unless
                       --expose embedded, or exposed in the workbench), and the
                       folder where proposed writes wait for review
  --endpoint <url>     Also any DynamoDB endpoint (DynamoDB Local, LocalStack, ...)
  --profile <name>     Also an AWS account through this profile
  --region <region>    The AWS region (or AWS_REGION)
  --expose <id>        Let the agent read this connection (repeat for each):
                       embedded, or the id printed on standard error at start
  --read-only          Every connection read-only
  --model <file>       Offer a model file as a resource (repeat for each)
  --json               A failure to start as one JSON line on standard error
  -h, --help           Show this help

Examples:
  claude mcp add dynotable -- npx dynotable mcp
  dynotable mcp --model tickets.model.yaml
  dynotable mcp --data ./tables --expose embedded --read-only
  dynotable mcp --data ./tables --endpoint http://localhost:8000
`;
