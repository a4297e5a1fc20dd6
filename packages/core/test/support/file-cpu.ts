/**
 * A setup file of every project: the CPU time a test file cost, its worker's
 * and every process below it (the bundled command, compilers, Chromium), put in
 * the file's meta for the durations reporter. Wall time says little on two busy
 * cores: this says which files the machine spends itself on. Not counted:
 * DynamoDB Local (started once for the run, outside the workers) and a process
 * that ends without a process of the tree waiting for it. Linux only (it reads
 * /proc); elsewhere the worker's own time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** CPU time of the file's worker and its child processes while the file ran, in ms. */
    cpuMs?: number;
  }
}

const TICK_MS = 10; // Linux reports process times in clock ticks of 1/100 s.

interface ProcessTimes {
  ppid: number;
  /** Its own CPU and that of the children it has waited for, in ticks. */
  ticks: number;
}

function processTimes(pid: string): ProcessTimes | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (name) ": state ppid … utime(11) stime(12) cutime(13) cstime(14).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) };
  } catch {
    return undefined; // gone meanwhile
  }
}

/** This process's CPU time and that of every live descendant (and what they reaped), in ms. */
function treeCpuMs(): number {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
  const times = new Map<number, ProcessTimes>();
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const found = processTimes(pid);
    if (found === undefined) continue;
    times.set(Number(pid), found);
    const siblings = children.get(found.ppid);
    if (siblings === undefined) children.set(found.ppid, [Number(pid)]);
    else siblings.push(Number(pid));
  }
  let ticks = 0;
  const pending = [process.pid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    ticks += times.get(pid)?.ticks ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return ticks * TICK_MS;
}

// Setup files run again before each test file: from here, loading the file and its imports counts.
const startedMs = treeCpuMs();
// The file is the hook's second argument; Vitest requires the first (the context) to be destructured.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  (file as { meta: { cpuMs?: number } }).meta.cpuMs = treeCpuMs() - startedMs;
});
