/** SHA-256 (HMAC-SHA-256 with a key) on node:crypto, in the shape the SDK's SigV4 signer takes: for signing test requests. */
import { createHash, createHmac } from 'node:crypto';

type Source = string | ArrayBuffer | ArrayBufferView;

function bytes(data: Source): string | Uint8Array {
  if (typeof data === 'string') return data;
  return ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
}

export class Sha256 {
  private readonly hash;
  constructor(secret?: Source) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: Source): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(this.hash.digest());
  }
}
