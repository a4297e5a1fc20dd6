/** The table routes' stream settings as DynamoDB's StreamSpecification. */
import type { StreamSpecification } from '@aws-sdk/client-dynamodb';
import type { StreamSettingsInput } from './schemas.js';

export function streamSpecification(stream: StreamSettingsInput): StreamSpecification {
  return stream.enabled ? { StreamEnabled: true, StreamViewType: stream.viewType } : { StreamEnabled: false };
}

/**
 * DynamoDB changes no enabled stream's view type: asked for another one, the
 * stream is turned off first (a new stream, with a new ARN, starts after).
 */
export function needsStreamOffFirst(stream: StreamSettingsInput | undefined, current: StreamSpecification | undefined): boolean {
  return stream?.enabled === true && current?.StreamEnabled === true && current.StreamViewType !== stream.viewType;
}
