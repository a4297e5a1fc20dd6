/**
 * Connections: the embedded engine, DynamoDB Local, any endpoint, AWS. Each
 * has a safety mode the server enforces on every write route. What reaches the
 * browser is ConnectionInfo — never credentials.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ConnectionInfo, ConnectionRequest, SafetyMode } from '../data/shapes.js';

// What the browser sees of a connection is defined with the API's other answers.
export type { ConnectionInfo, ConnectionKind, ConnectionRequest, SafetyMode } from '../data/shapes.js';

export interface Connection {
  readonly info: ConnectionInfo;
  /** Every call goes through the AWS SDK v3 (the embedded engine through its in-process handler). */
  readonly client: DynamoDBClient;
  close(): Promise<void>;
}

export interface ConnectionRegistry {
  list(): ConnectionInfo[];
  /** Throws DataError not-found (type ConnectionNotFound) when there is none. */
  get(id: string): Connection;
  add(request: ConnectionRequest): Promise<ConnectionInfo>;
  setSafety(id: string, safety: SafetyMode): ConnectionInfo;
  remove(id: string): Promise<void>;
  closeAll(): Promise<void>;
  /** Resolves once every connection added is ready for requests: the examples a first start writes in the background are in. */
  ready(): Promise<void>;
}
