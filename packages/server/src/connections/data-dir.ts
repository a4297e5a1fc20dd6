/** Where the embedded engine keeps its tables unless told otherwise: the platform's per-user data folder. */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  if (platform === 'win32') return join(env['LOCALAPPDATA'] ?? join(home, 'AppData', 'Local'), 'DynoTable', 'engine');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'DynoTable', 'engine');
  const xdg = env['XDG_DATA_HOME'];
  return join(xdg !== undefined && xdg !== '' ? xdg : join(home, '.local', 'share'), 'dynotable', 'engine');
}
