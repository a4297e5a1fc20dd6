/** How a connection is named on the verify page: its kind, where it points, and what its safety mode means for a verify run. */
import type { ConnectionInfo, ConnectionKind, SafetyMode } from '../api/types.js';

const KINDS: Record<ConnectionKind, string> = {
  embedded: 'Embedded engine',
  'dynamodb-local': 'DynamoDB Local',
  endpoint: 'Endpoint',
  aws: 'AWS',
};

const SAFETY: Record<SafetyMode, string> = {
  'read-only': 'read-only: verify cannot create its tables here',
  'confirm-writes': 'asks before writing',
  full: 'writes without asking',
};

export function kindLabel(kind: ConnectionKind): string {
  return KINDS[kind];
}

export function safetyLabel(safety: SafetyMode): string {
  return SAFETY[safety];
}

/** Where the connection points: the region and profile on AWS, the endpoint, or the engine's storage. */
export function whereLabel(connection: ConnectionInfo): string {
  if (connection.kind === 'aws') return [connection.region, connection.profile !== undefined ? `profile ${connection.profile}` : undefined].filter(Boolean).join(', ');
  if (connection.kind === 'embedded') return connection.dataDir ?? 'in memory';
  return connection.endpoint ?? '';
}

/** Verify creates tables and writes items: it cannot run on a read-only connection. */
export function canVerifyOn(connection: ConnectionInfo): boolean {
  return connection.safety !== 'read-only';
}
