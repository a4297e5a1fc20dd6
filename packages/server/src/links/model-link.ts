/**
 * A table linked to a model: which model (its text, so the link outlives the
 * file it came from), which of the model's tables the live table is, and where
 * the link came from. Links are kept per connection and table.
 */
import type { ConnectionInfo } from '../data/shapes.js';

// The link's shape is one of the API's answers.
export type { ModelLink, ModelLinkSource } from '../data/shapes.js';

/**
 * What identifies a connection across launches (its id is per launch): the kind and
 * where it points. Profiles are named, never their secrets.
 */
export function connectionIdentity(info: ConnectionInfo): string {
  if (info.kind === 'embedded') return `embedded:${info.dataDir ?? 'in-memory'}`;
  return [info.kind, info.endpoint ?? '', info.profile ?? '', info.region ?? ''].join(':');
}
