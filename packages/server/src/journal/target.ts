/**
 * Which DynamoDB a journal entry belongs to, and whether an open connection is
 * that one. Connection ids are per server, so a target is matched by what it
 * points at: the engine's data directory, the endpoint, the account's profile
 * and region. An in-memory engine matches only within the server that wrote.
 */
import { resolve } from 'node:path';
import type { ConnectionInfo } from '../connections/registry-types.js';
import type { JournalTarget } from './types.js';

export function targetOf(info: ConnectionInfo, session: string): JournalTarget {
  const fields: JournalTarget = {
    connectionId: info.id,
    kind: info.kind,
    ...(info.endpoint !== undefined ? { endpoint: info.endpoint } : {}),
    ...(info.region !== undefined ? { region: info.region } : {}),
    ...(info.profile !== undefined ? { profile: info.profile } : {}),
    ...(info.dataDir !== undefined ? { dataDir: resolve(info.dataDir) } : {}),
  };
  return info.kind === 'embedded' && info.dataDir === undefined ? { ...fields, session } : fields;
}

function endpointOf(endpoint: string | undefined): string | undefined {
  if (endpoint === undefined) return undefined;
  try {
    return new URL(endpoint).href;
  } catch {
    return endpoint;
  }
}

export function sameTarget(a: JournalTarget, b: JournalTarget): boolean {
  if (a.kind === 'embedded' || b.kind === 'embedded') {
    if (a.kind !== b.kind) return false;
    if (a.dataDir !== undefined || b.dataDir !== undefined) return a.dataDir !== undefined && b.dataDir !== undefined && resolve(a.dataDir) === resolve(b.dataDir);
    return a.session !== undefined && a.session === b.session;
  }
  if (a.kind === 'aws' || b.kind === 'aws') return a.kind === b.kind && a.region === b.region && a.profile === b.profile;
  // DynamoDB Local and other endpoints: the same URL (and region, which DynamoDB Local keeps apart).
  return endpointOf(a.endpoint) === endpointOf(b.endpoint) && (a.region ?? 'us-east-1') === (b.region ?? 'us-east-1');
}

/** A short description for lists: "embedded engine in /data", "http://localhost:8000", "AWS prod eu-west-1". */
export function describeTarget(target: JournalTarget): string {
  switch (target.kind) {
    case 'embedded':
      return target.dataDir === undefined ? 'the embedded engine in memory' : `the embedded engine in ${target.dataDir}`;
    case 'aws':
      return `AWS ${[target.profile, target.region].filter(Boolean).join(' ')}`;
    default:
      return target.endpoint ?? target.connectionId;
  }
}
