/** The prompt "design a table from these access patterns": the steps an agent takes with the model tools. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

function designPromptText(patterns: readonly string[], name: string | undefined): string {
  return [
    `Design a DynamoDB table${name !== undefined ? ` named ${name}` : ''} for these access patterns:`,
    ...patterns.map((pattern) => `- ${pattern}`),
    '',
    'Use the DynoTable tools, in this order:',
    '1. design_model with these questions (rephrase any it cannot read, as its error says).',
    '2. lint_model on the designed YAML; apply the fixes (fix: true) or explain why not.',
    '3. verify_model on the embedded engine: every pattern must pass.',
    '4. cost_model for the monthly cost.',
    '5. generate_code for the data-access module, and show where each access pattern is answered.',
    'Keep the model file (YAML) and the generated code; propose no write to a live table unless asked.',
  ].join('\n');
}

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'design_table',
    {
      title: 'Design a table from these access patterns',
      description: 'Designs, lints, verifies, costs and generates code for a table from access patterns in words',
      argsSchema: {
        patterns: z.string().min(1).describe('The access patterns, one per line'),
        name: z.string().optional().describe("The model's name"),
      },
    },
    ({ patterns, name }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: designPromptText(
              patterns
                .split('\n')
                .map((line) => line.replace(/^\s*[-*\d.)]+\s*/, '').trim())
                .filter((line) => line !== ''),
              name,
            ),
          },
        },
      ],
    }),
  );
}
