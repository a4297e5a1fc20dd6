/**
 * A connection as another process would open it: connection ids are made per
 * launch, so what a data folder keeps of agents (exposure, proposals) names a
 * connection by what it reaches — the embedded engine's folder, an endpoint,
 * an AWS profile and region. Never a credential: an endpoint's user and
 * password, if any, are left out. An engine in memory has no key: no other
 * process, and no later launch, can reach it.
 */
import type { ConnectionInfo } from '../connections/registry-types.js';

function withoutUser(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    url.username = '';
    url.password = '';
    return url.href.replace(/\/$/, '');
  } catch {
    return endpoint;
  }
}

export function connectionKey(info: ConnectionInfo): string | undefined {
  switch (info.kind) {
    case 'embedded':
      return info.dataDir === undefined ? undefined : `embedded:${info.dataDir}`;
    case 'aws':
      return `aws:${info.profile ?? ''}:${info.region ?? ''}${info.endpoint !== undefined ? `:${withoutUser(info.endpoint)}` : ''}`;
    default:
      return info.endpoint === undefined ? undefined : `${info.kind}:${withoutUser(info.endpoint)}`;
  }
}
