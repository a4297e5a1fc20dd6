/** The sample count as typed: a whole number of items per entity, 0 to 100,000 (the API's limit; the command line loads more). */
export type SampleCount = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string };

export const MAX_SAMPLE = 100_000;

export function readSample(text: string): SampleCount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: 0 };
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: 'a whole number of items, such as 100' };
  const value = Number(trimmed);
  if (value > MAX_SAMPLE) return { ok: false, message: `at most ${MAX_SAMPLE.toLocaleString('en-US')} here; load more with dynotable apply` };
  return { ok: true, value };
}
