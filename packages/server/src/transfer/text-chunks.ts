/** Text sources and sinks for the readers and writers: strings in, strings out, in pieces. */

/** A whole text as one chunk (the API receives files as JSON strings). */
export async function* textChunks(text: string, size = 1 << 16): AsyncIterable<string> {
  // Cut at a UTF-16 boundary that never splits a surrogate pair, so each chunk is valid on its own.
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    yield text.slice(start, end);
    start = end;
  }
}

/** Collects the writer's output (tests and small files). */
export async function collectText(chunks: AsyncIterable<string>): Promise<string> {
  const parts: string[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parts.join('');
}

/** Groups small strings into chunks of about `size` characters, so a file is written in few large pieces. */
export async function* coalesce(parts: AsyncIterable<string>, size = 1 << 16): AsyncIterable<string> {
  let buffer: string[] = [];
  let length = 0;
  for await (const part of parts) {
    buffer.push(part);
    length += part.length;
    if (length >= size) {
      yield buffer.join('');
      buffer = [];
      length = 0;
    }
  }
  if (length > 0) yield buffer.join('');
}
