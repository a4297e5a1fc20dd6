/** The signature checker on its own, with a fixed clock: AWS's exact words for each refusal. */
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { createSignatureChecker } from '../../src/wire/signature.js';
import { Sha256 } from './sha256.js';

const NOW = Date.parse('2026-01-01T00:45:00Z');
const checker = createSignatureChecker([{ accessKeyId: 'AKID', secretAccessKey: 'secret' }], () => NOW);

async function signed(options: { accessKeyId?: string; secret?: string; date?: Date; body?: string } = {}) {
  const signer = new SignatureV4({
    credentials: { accessKeyId: options.accessKeyId ?? 'AKID', secretAccessKey: options.secret ?? 'secret' },
    region: 'us-east-1',
    service: 'dynamodb',
    sha256: Sha256,
  });
  const body = options.body ?? '{}';
  const request = await signer.sign(
    {
      method: 'POST',
      protocol: 'http:',
      hostname: 'localhost:8000',
      path: '/',
      headers: { host: 'localhost:8000', 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' },
      body,
    },
    { signingDate: options.date ?? new Date(NOW) },
  );
  return { method: 'POST', path: '/', headers: request.headers as Record<string, string>, body: Buffer.from(body) };
}

const refusal = (name: string, message: string) => ({ status: 400, body: { __type: `com.amazon.coral.service#${name}`, message } });

describe('createSignatureChecker', () => {
  it('accepts a request signed with a known key and its secret', async () => {
    expect(await checker.check(await signed())).toBeUndefined();
    expect(await checker.check(await signed({ date: new Date(NOW - 14 * 60_000) }))).toBeUndefined();
  });

  it('refuses an unknown key, a wrong secret and a changed body', async () => {
    expect(await checker.check(await signed({ accessKeyId: 'OTHER' }))).toEqual(
      refusal('UnrecognizedClientException', 'The security token included in the request is invalid.'),
    );
    const mismatch = refusal(
      'InvalidSignatureException',
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    );
    expect(await checker.check(await signed({ secret: 'wrong' }))).toEqual(mismatch);
    const request = await signed({ body: '{"Limit":1}' });
    expect(await checker.check({ ...request, body: Buffer.from('{"Limit":2}') })).toEqual(mismatch);
    expect(await checker.check({ ...request, headers: { ...request.headers, 'x-amz-target': 'DynamoDB_20120810.DeleteTable' } })).toEqual(mismatch);
  });

  it('refuses a date more than 15 minutes away in AWS words', async () => {
    expect(await checker.check(await signed({ date: new Date('2026-01-01T00:29:59Z') }))).toEqual(
      refusal('InvalidSignatureException', 'Signature expired: 20260101T002959Z is now earlier than 20260101T003000Z (20260101T004500Z - 15 min.)'),
    );
    expect(await checker.check(await signed({ date: new Date('2026-01-01T01:00:01Z') }))).toEqual(
      refusal('InvalidSignatureException', 'Signature not yet current: 20260101T010001Z is still later than 20260101T010000Z (20260101T004500Z + 15 min.)'),
    );
  });

  it('refuses an Authorization header without its parts, or a request without X-Amz-Date', async () => {
    const request = await signed();
    const broken = await checker.check({ ...request, headers: { ...request.headers, authorization: 'AWS4-HMAC-SHA256 Credential=AKID' } });
    expect(broken?.body.__type).toBe('com.amazon.coral.service#IncompleteSignatureException');
    const { 'x-amz-date': _date, ...undated } = request.headers;
    const noDate = await checker.check({ ...request, headers: undated });
    expect(noDate?.body.__type).toBe('com.amazon.coral.service#IncompleteSignatureException');
  });
});
