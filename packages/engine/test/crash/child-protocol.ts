/** What the engine process (engine-process.ts) and its parent agree on. */

/** Exit status of an engine process refused because another engine holds the directory. */
export const REFUSED_EXIT_CODE = 3;

/** The line the engine process prints once it listens. */
export function portLine(port: number): string {
  return `port ${port}\n`;
}

export function parsePortLine(output: string): number | undefined {
  const match = /^port (\d+)$/m.exec(output);
  return match === null ? undefined : Number(match[1]);
}
