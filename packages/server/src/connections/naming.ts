/** Short, readable connection ids ('embedded', 'local', 'aws-prod-eu-west-1') and display names. */
import type { ConnectionRequest } from './registry-types.js';

function slug(text: string): string {
  const cleaned = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return cleaned === '' ? 'connection' : cleaned;
}

function hostAndPort(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

/** The id a request would like; the registry appends -2, -3… when it is taken. */
export function preferredId(request: ConnectionRequest): string {
  switch (request.kind) {
    case 'embedded':
      return 'embedded';
    case 'dynamodb-local':
      return 'local';
    case 'endpoint':
      return slug(hostAndPort(request.endpoint));
    case 'aws':
      return slug(['aws', request.profile, request.region].filter(Boolean).join('-'));
  }
}

export function defaultName(request: ConnectionRequest, endpoint: string | undefined): string {
  switch (request.kind) {
    case 'embedded':
      return request.inMemory === true ? 'Embedded engine (in memory)' : 'Embedded engine';
    case 'dynamodb-local':
      return request.start === true ? 'DynamoDB Local (started by DynoTable)' : `DynamoDB Local (${hostAndPort(endpoint ?? '')})`;
    case 'endpoint':
      return hostAndPort(request.endpoint);
    case 'aws':
      return request.profile === undefined ? `AWS ${request.region}` : `AWS ${request.profile} (${request.region})`;
  }
}

export function uniqueId(preferred: string, taken: (id: string) => boolean): string {
  if (!taken(preferred)) return preferred;
  for (let n = 2; ; n++) if (!taken(`${preferred}-${n}`)) return `${preferred}-${n}`;
}
