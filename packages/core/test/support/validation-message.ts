/** The message of the ValidationException `run` throws, or undefined when it throws nothing. */
import { expect } from 'vitest';

export function messageOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    expect((error as Error).name).toBe('ValidationException');
    return (error as Error).message;
  }
}
