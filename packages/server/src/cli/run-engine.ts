/**
 * `dynotable engine` alone: the entry of the small bundle bin/dynotable.js
 * runs for that command (scripts/bundle.js), so the engine starts without
 * reading or compiling the workbench, the modeling tools or the other
 * commands. The same command as through run.ts: same arguments, output,
 * errors and exit statuses.
 */
import { runCommandLine } from './command-line.js';
import { runEngine } from './engine.js';
import { UsageError } from './io.js';
import { runProcess } from './process-output.js';

runProcess((args, io) =>
  runCommandLine(args, io, async ([command, ...rest], commandIo) => {
    if (command !== 'engine') throw new UsageError(`this entry runs only 'dynotable engine', not '${String(command)}'.`);
    return runEngine(rest, commandIo);
  }),
);
