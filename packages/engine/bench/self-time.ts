/**
 * Reads a V8 CPU profile (`node --cpu-prof`) of entries/stream-puts.ts: the
 * CPU time under `measuredPlain` and `measuredStreamed` (the same puts
 * without and with a stream), and, under each, the self time by source file
 * or function (what differs is what the stream costs), in milliseconds per
 * 10k puts.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The report's lines; `byFunction` groups by file and function rather than by file. */
export function selfTimeReport(profile: Profile, count: number, byFunction: boolean): string[] {
const lines: string[] = [];
const per10k = 10_000 / count;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

/** The measured function a node runs under, if any. */
function phaseOf(id: number): string | undefined {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = byId.get(at)!.callFrame.functionName;
    if (name === 'measuredPlain' || name === 'measuredStreamed') return name;
  }
  return undefined;
}

// Samples in time order. The garbage collector's are under the profile's root, not
// under what made the garbage: they count for the phase of the sample before them.
const totals = new Map<string, number>();
const files = new Map<string, Map<string, number>>();
let lastPhase: string | undefined;
profile.samples.forEach((id, at) => {
  const frame = byId.get(id)!.callFrame;
  const collecting = frame.functionName === '(garbage collector)';
  const phase = collecting ? lastPhase : phaseOf(id);
  if (!collecting) lastPhase = phase;
  if (phase === undefined) return;
  const ms = (profile.timeDeltas[at] ?? 0) / 1000;
  totals.set(phase, (totals.get(phase) ?? 0) + ms);
  const where = frame.url.replace(/^.*\/packages\//, '').replace(/^file:\/\//, '');
  const url = where === '' ? `(${frame.functionName || 'native'})` : byFunction ? `${where} ${frame.functionName || '(anonymous)'}` : where;
  const perFile = files.get(phase) ?? new Map<string, number>();
  perFile.set(url, (perFile.get(url) ?? 0) + ms);
  files.set(phase, perFile);
});
const round = (ms: number) => Math.round(ms * per10k * 10) / 10;
const plain = totals.get('measuredPlain') ?? 0;
const streamed = totals.get('measuredStreamed') ?? 0;
lines.push(`CPU ms per 10k puts: without a stream ${round(plain)}, with ${round(streamed)} (+${Math.round(((streamed - plain) / plain) * 1000) / 10}%)`);
const names = new Set([...(files.get('measuredPlain')?.keys() ?? []), ...(files.get('measuredStreamed')?.keys() ?? [])]);
const rows = [...names].map((name) => {
  const a = files.get('measuredPlain')?.get(name) ?? 0;
  const b = files.get('measuredStreamed')?.get(name) ?? 0;
  return { name, a, b, diff: b - a };
});
rows.sort((x, y) => y.diff - x.diff);
lines.push('self time by file (ms per 10k puts): without, with, difference');
for (const row of rows.slice(0, 25)) lines.push(`  ${round(row.a)}\t${round(row.b)}\t${round(row.diff)}\t${row.name}`);
const streamSelf = rows.filter((row) => row.name.includes('/streams/')).reduce((sum, row) => sum + row.b, 0);
lines.push(`self time in engine/src/streams/ with a stream: ${round(streamSelf)} ms per 10k puts`);
return lines;
}
