/** A sortable string encoding: byte order of the text equals the value order. */
export interface KeyCodec<Input, Output> {
  /** Short description used in error messages, e.g. `iso-ms` or `05`. */
  readonly name: string;
  /** Regular-expression source matching exactly the encoded texts (no anchors, no groups). */
  readonly pattern: string;
  encode(value: Input): string;
  /** Throws KeyCodecError when the text is not an encoding of this codec. */
  decode(text: string): Output;
}

/** A value that does not fit a codec, or a text that is not one of its encodings. */
export class KeyCodecError extends Error {
  override readonly name = 'KeyCodecError';
}
