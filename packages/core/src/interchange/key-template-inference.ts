/**
 * Key templates recovered from sample items. NoSQL Workbench stores key values,
 * not how they were built, so a template is a guess: the key is split at `#`,
 * each segment that equals (or encodes) one of the item's other attributes in
 * every sample becomes that field, constant segments stay literal, and the one
 * segment that varies otherwise becomes the facet's alias.
 */
import { sortableInteger } from '../keys/integer-codec.js';

export interface KeySample {
  /** The key attribute's value as text (S, or N's digits). */
  readonly key: string;
  /** The item's other scalar attributes as text (S and N). */
  readonly attributes: Readonly<Record<string, string>>;
}

export interface InferredTemplate {
  readonly template: string;
  /** 'samples' when read from sample items; 'prefix' when only a constant prefix was; 'alias' when there was nothing to read. */
  readonly source: 'samples' | 'prefix' | 'alias';
}

const SEPARATOR = '#';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3}|\.\d{6})?Z$/;
const INTEGER = /^-?\d+$/;

/** The field texts (`name`, `name:05`, `name:iso`) a key segment may have been built from. */
function segmentCandidates(segment: string, attributes: Readonly<Record<string, string>>): string[] {
  const candidates: string[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    if (value === '') continue;
    if (value === segment) candidates.push(name);
    const iso = ISO.exec(segment);
    if (iso && !Number.isNaN(Date.parse(value)) && Date.parse(value) === Date.parse(segment)) {
      const fraction = iso[1]?.length ?? 0;
      // A key written in ISO form reads as the sortable timestamp encoding, ahead of the plain text.
      candidates.unshift(`${name}:${fraction === 0 ? 'iso' : fraction === 4 ? 'iso-ms' : 'iso-us'}`);
    }
    if (INTEGER.test(segment) && INTEGER.test(value)) {
      const width = segment.replace('-', '').length;
      try {
        if (sortableInteger(width).encode(value) === segment) candidates.push(`${name}:${String(width).padStart(2, '0')}`);
      } catch {
        // The value does not fit the width: not this encoding.
      }
    }
  }
  return candidates;
}

function fieldNameOf(candidate: string): string {
  return candidate.split(':')[0]!;
}

function fromSegments(samples: readonly KeySample[], alias: string, keyAttribute: string): string | undefined {
  const split = samples.map((sample) => sample.key.split(SEPARATOR));
  const width = split[0]!.length;
  if (split.some((segments) => segments.length !== width)) return undefined;
  const out: string[] = [];
  let varying = 0;
  for (let position = 0; position < width; position++) {
    const candidateSets = samples.map((sample, i) => segmentCandidates(split[i]![position]!, sample.attributes));
    const shared = candidateSets.reduce((common, set) => common.filter((candidate) => set.includes(candidate)));
    if (shared.length > 0) {
      out.push(`{${shared.find((candidate) => fieldNameOf(candidate) === alias) ?? shared[0]!}}`);
      continue;
    }
    const texts = new Set(split.map((segments) => segments[position]!));
    if (texts.size === 1) {
      out.push(split[0]![position]!);
      continue;
    }
    varying += 1;
    out.push(`{${alias}}`);
  }
  if (varying > 1) return undefined;
  const hasField = out.some((segment) => segment.startsWith('{'));
  // One sample cannot show which segment varies: a named alias stands for the last one.
  if (!hasField && alias !== keyAttribute && samples.length === 1) out[out.length - 1] = `{${alias}}`;
  if (!hasField && alias !== keyAttribute && samples.length > 1 && varying === 0) return undefined;
  const template = out.join(SEPARATOR);
  // Adjacent fields need literal text between them; the split keeps a `#` there.
  return template.includes('}{') ? undefined : template;
}

/** The longest prefix shared by every key, ending just after a `#`. */
function constantPrefix(keys: readonly string[]): string {
  let prefix = keys[0] ?? '';
  for (const key of keys) while (!key.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const cut = prefix.lastIndexOf(SEPARATOR);
  return cut < 0 ? '' : prefix.slice(0, cut + 1);
}

/**
 * The template for one key attribute of one facet. `alias` names the facet's
 * value for it (the Workbench KeyAttributeAlias, or the attribute's own name
 * for index keys); when it equals `keyAttribute`, a constant key is allowed.
 * `plainWhenSingleSegment`: a key with no `#` is the attribute's own value.
 */
export function inferKeyTemplate(
  samples: readonly KeySample[],
  alias: string,
  keyAttribute: string,
  options: { readonly plainWhenSingleSegment?: boolean } = {},
): InferredTemplate {
  const escapedAlias = `{${alias}}`;
  if (samples.length === 0) return { template: escapedAlias, source: 'alias' };
  // An index key without `#` is most likely an attribute in its own right, not a copy of another that happens to be equal.
  if (options.plainWhenSingleSegment && samples.every((sample) => !sample.key.includes(SEPARATOR))) {
    const constant = samples.length > 1 && samples.every((sample) => sample.key === samples[0]!.key);
    return { template: constant ? samples[0]!.key : escapedAlias, source: 'samples' };
  }
  const fromSamples = fromSegments(samples, alias, keyAttribute);
  if (fromSamples !== undefined) return { template: fromSamples, source: 'samples' };
  const prefix = constantPrefix(samples.map((sample) => sample.key));
  return prefix === '' ? { template: escapedAlias, source: 'alias' } : { template: `${prefix}${escapedAlias}`, source: 'prefix' };
}
