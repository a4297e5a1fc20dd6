/**
 * Where a lint finding sits in the model file's text, so the page can show it
 * next to that line: the entity's key template, the attribute, the index or
 * the access pattern it is about. Works on YAML (block or flow) and JSON by
 * looking for the keys of its path in order.
 */
import type { LintLocation } from '@dynotable/core';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A line that starts a mapping entry `key:` (YAML block, list item, or JSON). */
const keyLine = (key: string) => new RegExp(`^\\s*(?:-\\s+)?(?:\\{\\s*)?["']?${escape(key)}["']?\\s*:`);
/** A list entry named `name` (an access pattern, a write path), in any style. */
const namedEntry = (name: string) => new RegExp(`["']?name["']?\\s*:\\s*["']?${escape(name)}["']?\\s*(?:[,}]|$)`);

type Step = RegExp;

function pathOf(location: LintLocation): Step[] {
  if (location.pattern !== undefined && location.entity === undefined) return [keyLine('accessPatterns'), namedEntry(location.pattern)];
  if (location.writePath !== undefined) return [keyLine('writePaths'), namedEntry(location.writePath)];
  if (location.entity !== undefined) {
    const entity = [keyLine('entities'), keyLine(location.entity)];
    if (location.keyAttribute !== undefined) return [...entity, keyLine('keys'), keyLine(location.keyAttribute)];
    if (location.attribute !== undefined) return [...entity, keyLine('attributes'), keyLine(location.attribute)];
    if (location.pattern !== undefined) return [keyLine('accessPatterns'), namedEntry(location.pattern)];
    return entity;
  }
  if (location.index !== undefined) return [keyLine('tables'), keyLine(location.index)];
  return [];
}

/** The 1-based line the finding is about, or undefined when the text does not show it. */
export function lineOfFinding(text: string, location: LintLocation): number | undefined {
  const steps = pathOf(location);
  if (steps.length === 0) return undefined;
  const lines = text.split('\n');
  let at = -1;
  for (const step of steps) {
    let found = -1;
    for (let line = at + 1; line < lines.length; line++) {
      if (step.test(lines[line]!)) {
        found = line;
        break;
      }
    }
    if (found === -1) break;
    at = found;
  }
  return at === -1 ? undefined : at + 1;
}
