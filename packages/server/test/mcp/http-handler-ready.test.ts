/**
 * The workbench's /mcp answers only once its connections are ready: a first
 * start writes the examples after the URL is printed, and an agent calling at
 * once must not find the tables missing.
 */
import { describe, expect, it } from 'vitest';
import { answerMcp } from '../../src/mcp/http-handler.js';
import type { McpContext } from '../../src/mcp/mcp-context.js';

describe('the MCP endpoint and the connections being prepared', () => {
  it('waits for the connections to be ready before it answers', async () => {
    let settle!: (error: Error) => void;
    const preparing = new Promise<void>((_, reject) => (settle = reject));
    const context = { connections: { ready: () => preparing } } as unknown as McpContext;
    const request = new Request('http://127.0.0.1/mcp', { method: 'POST' });
    let answered = false;
    const answer = answerMcp(request, {}, context).finally(() => (answered = true));
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    settle(new Error('the examples could not be written'));
    await expect(answer).rejects.toThrow('the examples could not be written');
  });
});
