import { main } from '../../src/cli/main.js';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command in-process with its output captured. */
export async function run(...args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}
