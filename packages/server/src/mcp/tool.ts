/**
 * One MCP tool: its input and output schemas (zod shapes, which the SDK turns
 * into JSON Schema and checks), and a handler that calls the same data layer
 * and core tools as the API. The answer goes out twice, as the spec asks: as
 * structured content and as its JSON text. A failure becomes a tool error
 * (`isError`) whose text is the error's type and message as the API would
 * send them (DynamoDB's own for DynamoDB's errors), with secrets removed.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { jsonSafe } from '../api/tools/json-safe.js';
import { describeForLog, mapError } from '../http/error-mapping.js';
import type { McpContext } from './mcp-context.js';

type Shape = z.ZodRawShape;

export interface ToolSpec<I extends Shape, O extends Shape> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: I;
  readonly output: O;
  /** Reads only (true for every tool but the proposals, which stage and never write). */
  readonly readOnly?: boolean;
  run(context: McpContext, input: z.infer<z.ZodObject<I>>, signal: AbortSignal): Promise<z.input<z.ZodObject<O>>> | z.input<z.ZodObject<O>>;
}

function toolError(error: unknown, context: McpContext): CallToolResult {
  const mapped = mapError(error);
  if (mapped.unexpected) context.log(`tool failed: ${describeForLog(error)}`);
  const { __type: type, message, ...details } = mapped.body;
  const extra = Object.keys(details).length > 0 ? `\n${JSON.stringify(jsonSafe(details), null, 2)}` : '';
  return { isError: true, content: [{ type: 'text', text: `${type}: ${message}${extra}` }] };
}

export function registerTools(server: McpServer, context: McpContext, tools: readonly ToolSpec<Shape, Shape>[]): void {
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { readOnlyHint: tool.readOnly !== false, destructiveHint: false, openWorldHint: false },
      },
      async (input: Record<string, unknown>, extra: { signal: AbortSignal }): Promise<CallToolResult> => {
        try {
          const result = jsonSafe(await tool.run(context, input as never, extra.signal)) as Record<string, unknown>;
          return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }], structuredContent: result };
        } catch (error) {
          return toolError(error, context);
        }
      },
    );
  }
}

/** Keeps each tool's input type inferred from its schema. */
export function defineTool<I extends Shape, O extends Shape>(tool: ToolSpec<I, O>): ToolSpec<Shape, Shape> {
  return tool as unknown as ToolSpec<Shape, Shape>;
}
