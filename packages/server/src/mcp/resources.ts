/**
 * Resources for an agent: the schema of every table on an exposed connection
 * (DescribeTable as JSON), the model each such table is linked to, and the
 * model files a person named at launch (`--model`). Reads go through the
 * same data layer as the describe_table tool.
 */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describeTable } from '../data/tables/describe.js';
import { listTables } from '../data/tables/list.js';
import { DataError } from '../data/errors.js';
import { exposedConnection, exposedConnections } from './agent-connections.js';
import type { McpContext } from './mcp-context.js';

const LIST_LIMIT = 1000;

function one(value: string | string[] | undefined): string {
  return decodeURIComponent(Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));
}

async function everyTable(context: McpContext): Promise<{ connection: string; table: string }[]> {
  const found: { connection: string; table: string }[] = [];
  for (const info of exposedConnections(context)) {
    const list = await listTables(context.connections.get(info.id).client, { limit: LIST_LIMIT }, AbortSignal.timeout(15_000)).catch(() => undefined);
    for (const table of list?.tables ?? []) found.push({ connection: info.id, table: table.name });
  }
  return found;
}

const tableUri = (connection: string, table: string, what: string) => `dynotable://connections/${encodeURIComponent(connection)}/tables/${encodeURIComponent(table)}/${what}`;

export function registerResources(server: McpServer, context: McpContext): void {
  server.registerResource(
    'table-schema',
    new ResourceTemplate('dynotable://connections/{connection}/tables/{table}/schema', {
      list: async () => ({
        resources: (await everyTable(context)).map(({ connection, table }) => ({ uri: tableUri(connection, table, 'schema'), name: `${table} (${connection}) schema`, mimeType: 'application/json' })),
      }),
    }),
    { title: 'Table schema', description: "A live table's DescribeTable answer: keys, indexes, billing, TTL", mimeType: 'application/json' },
    async (uri, variables) => {
      const connection = exposedConnection(context, one(variables['connection']));
      const details = await describeTable(connection.client, one(variables['table']), AbortSignal.timeout(15_000));
      const { consumed: _consumed, ...schema } = details;
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(schema, null, 2) }] };
    },
  );
  server.registerResource(
    'linked-model',
    new ResourceTemplate('dynotable://connections/{connection}/tables/{table}/model', {
      list: async () => ({
        resources: (await everyTable(context)).flatMap(({ connection, table }) => {
          const link = context.links.get(context.connections.get(connection).info, table);
          return link === undefined ? [] : [{ uri: tableUri(connection, table, 'model'), name: `${link.name} (model of ${table})`, mimeType: 'application/yaml' }];
        }),
      }),
    }),
    { title: "A table's linked model", description: 'The model file a live table is linked to', mimeType: 'application/yaml' },
    async (uri, variables) => {
      const table = one(variables['table']);
      const connection = exposedConnection(context, one(variables['connection']));
      const link = context.links.get(connection.info, table);
      if (link === undefined) throw new DataError('not-found', 'NoLinkedModel', `table ${table} is not linked to a model`);
      return { contents: [{ uri: uri.href, mimeType: 'application/yaml', text: link.model }] };
    },
  );
  for (const file of context.modelFiles ?? []) {
    server.registerResource(
      `model-file-${file.name}`,
      `dynotable://models/${encodeURIComponent(file.name)}`,
      { title: `Model file ${file.name}`, description: 'A model file named when DynoTable started (--model)', mimeType: 'application/yaml' },
      async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/yaml', text: file.text }] }),
    );
  }
}
