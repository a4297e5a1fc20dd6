/**
 * Connections: the embedded engine, DynamoDB Local, any endpoint, AWS. Each
 * has a safety mode the server enforces on every write route. What reaches the
 * browser is ConnectionInfo — never credentials.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export type ConnectionKind = 'embedded' | 'dynamodb-local' | 'endpoint' | 'aws';
export type SafetyMode = 'read-only' | 'confirm-writes' | 'full';

export interface ConnectionInfo {
  readonly id: string;
  readonly name: string;
  readonly kind: ConnectionKind;
  readonly safety: SafetyMode;
  readonly endpoint?: string;
  readonly region?: string;
  /** The profile's name only. */
  readonly profile?: string;
  /** The embedded engine: the data directory, or undefined in memory. */
  readonly dataDir?: string;
}

/** What a user asks for when adding a connection. */
export type ConnectionRequest =
  | { readonly kind: 'embedded'; readonly name?: string; readonly dataDir?: string; readonly inMemory?: boolean; readonly safety?: SafetyMode }
  | { readonly kind: 'dynamodb-local'; readonly name?: string; readonly endpoint?: string; readonly start?: boolean; readonly safety?: SafetyMode }
  | { readonly kind: 'endpoint'; readonly name?: string; readonly endpoint: string; readonly region?: string; readonly safety?: SafetyMode }
  | { readonly kind: 'aws'; readonly name?: string; readonly profile?: string; readonly region: string; readonly safety?: SafetyMode };

export interface Connection {
  readonly info: ConnectionInfo;
  /** Every call goes through the AWS SDK v3 (the embedded engine through its in-process handler). */
  readonly client: DynamoDBClient;
  close(): Promise<void>;
}

export interface ConnectionRegistry {
  list(): ConnectionInfo[];
  /** Throws ApiError 404 (type ConnectionNotFound) when there is none. */
  get(id: string): Connection;
  add(request: ConnectionRequest): Promise<ConnectionInfo>;
  setSafety(id: string, safety: SafetyMode): ConnectionInfo;
  remove(id: string): Promise<void>;
  closeAll(): Promise<void>;
}
