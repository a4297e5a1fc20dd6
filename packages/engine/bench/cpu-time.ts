/**
 * CPU time, which a busy machine disturbs far less than wall time: it counts
 * the work a process did, not the time it waited for a core.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time a process has run so far, all its threads, in nanoseconds (Linux schedstat; /proc/<pid>/stat's 10 ms ticks where schedstat is missing). */
export function processCpuNs(pid: number): number {
  try {
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return total;
  } catch {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(stat[11]) + Number(stat[12])) * 1e7;
    } catch {
      return Number.NaN;
    }
  }
}

/** This process's CPU time so far (user and system), in nanoseconds. */
export function ownCpuNs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
}
