/** A line diff of two texts (longest common subsequence), and its rendering as a unified-style diff. */

export interface DiffLine {
  readonly kind: 'same' | 'add' | 'remove';
  readonly text: string;
}

/** Middles longer than this (lines × lines) are shown as replaced whole, to bound time and memory. */
const MAX_CELLS = 4_000_000;

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: DiffLine[] = a.slice(0, start).map((text) => ({ kind: 'same', text }));
  const n = endA - start;
  const m = endB - start;
  if (n * m > MAX_CELLS) {
    out.push(...a.slice(start, endA).map((text): DiffLine => ({ kind: 'remove', text })));
    out.push(...b.slice(start, endB).map((text): DiffLine => ({ kind: 'add', text })));
  } else {
    // lengths[i][j]: the LCS of a[start+i..endA) and b[start+j..endB).
    const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lengths[i]![j] = a[start + i] === b[start + j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[start + i] === b[start + j]) {
        out.push({ kind: 'same', text: a[start + i]! });
        i++;
        j++;
      } else if (i < n && (j === m || lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
        out.push({ kind: 'remove', text: a[start + i]! });
        i++;
      } else {
        out.push({ kind: 'add', text: b[start + j]! });
        j++;
      }
    }
  }
  out.push(...a.slice(endA).map((text): DiffLine => ({ kind: 'same', text })));
  return out;
}

/**
 * A unified diff (`--- name`, `+++ name`, `@@ -l,n +l,n @@` hunks with
 * `context` unchanged lines around each change); empty when nothing changed.
 */
export function renderLineDiff(before: string, after: string, name = 'model', context = 2): string {
  const lines = diffLines(before, after);
  const changed = lines.map((line) => line.kind !== 'same');
  if (!changed.includes(true)) return '';
  const out = [`--- ${name}`, `+++ ${name}`];
  let index = 0;
  let oldLine = 1;
  let newLine = 1;
  while (index < lines.length) {
    const next = changed.indexOf(true, index);
    if (next < 0) break;
    const from = Math.max(index, next - context);
    for (let k = index; k < from; k++) {
      oldLine++;
      newLine++;
    }
    // Extend the hunk while the next change is within 2 × context lines.
    let to = next;
    for (let k = next; k < lines.length; k++) {
      if (changed[k]) to = k;
      else if (k - to > 2 * context) break;
    }
    const end = Math.min(lines.length, to + context + 1);
    const hunk = lines.slice(from, end);
    const oldCount = hunk.filter((line) => line.kind !== 'add').length;
    const newCount = hunk.filter((line) => line.kind !== 'remove').length;
    out.push(`@@ -${oldLine},${oldCount} +${newLine},${newCount} @@`);
    for (const line of hunk) out.push(`${line.kind === 'same' ? ' ' : line.kind === 'add' ? '+' : '-'}${line.text}`);
    oldLine += oldCount;
    newLine += newCount;
    index = end;
  }
  return out.join('\n') + '\n';
}
