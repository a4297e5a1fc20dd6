export interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export async function main(_args: string[], io: Output): Promise<number> {
  io.stdout('dynotable\n');
  return 0;
}
