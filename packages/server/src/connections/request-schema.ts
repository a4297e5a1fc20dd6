/** The input of POST /api/connections: a ConnectionRequest, with messages that name the field and what to give. */
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import type { ConnectionRequest } from './registry-types.js';

export const AWS_REGION_PATTERN = /^[a-z]{2}(-[a-z]+)+-\d+$/;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const safetySchema = z.enum(['read-only', 'confirm-writes', 'full'], { error: 'must be read-only, confirm-writes or full' });

const name = z.string({ error: 'must be a string' }).trim().min(1, { error: 'must not be empty' }).max(80, { error: 'must be at most 80 characters' }).optional();
/** A missing field says it is required; a wrong type says what to give. */
const required = (what: string) => (issue: { input?: unknown }) => (issue.input === undefined ? `is required: give ${what}` : `must be ${what}`);

const endpoint = z.string({ error: required('an http:// or https:// URL') }).refine(isHttpUrl, { error: 'must be an http:// or https:// URL, such as http://localhost:8000' });
const region = z.string({ error: required('an AWS region such as us-east-1') }).regex(AWS_REGION_PATTERN, { error: 'must be an AWS region such as us-east-1 or eu-west-1' });

const embedded = z
  .strictObject({
    kind: z.literal('embedded'),
    name,
    dataDir: z.string({ error: 'must be a string' }).refine(isAbsolute, { error: 'must be an absolute path to a directory' }).optional(),
    inMemory: z.boolean({ error: 'must be true or false' }).optional(),
    safety: safetySchema.optional(),
  })
  .refine((request) => !(request.inMemory === true && request.dataDir !== undefined), { error: 'give dataDir or inMemory: true, not both', path: ['inMemory'] });

const dynamoDbLocal = z
  .strictObject({
    kind: z.literal('dynamodb-local'),
    name,
    endpoint: endpoint.optional(),
    start: z.boolean({ error: 'must be true or false' }).optional(),
    safety: safetySchema.optional(),
  })
  .refine((request) => !(request.start === true && request.endpoint !== undefined), {
    error: 'give an endpoint to connect to a running DynamoDB Local, or start: true to start one, not both',
    path: ['start'],
  });

const endpointKind = z.strictObject({ kind: z.literal('endpoint'), name, endpoint, region: region.optional(), safety: safetySchema.optional() });

const aws = z.strictObject({
  kind: z.literal('aws'),
  name,
  profile: z.string({ error: 'must be a profile name' }).trim().min(1, { error: 'must not be empty' }).optional(),
  region,
  safety: safetySchema.optional(),
});

export const connectionRequestSchema: z.ZodType<ConnectionRequest> = z.discriminatedUnion('kind', [embedded, dynamoDbLocal, endpointKind, aws], {
  error: 'kind must be one of embedded, dynamodb-local, endpoint or aws',
});
