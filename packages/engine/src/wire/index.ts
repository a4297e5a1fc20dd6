export { startEngineServer, type EngineServer, type EngineServerOptions } from './http-server.js';
export {
  engineRequestHandler,
  inProcessClientConfig,
  type EngineRequestHandler,
  type SdkHttpRequest,
  type SdkHttpResponse,
} from './in-process.js';
export {
  handleWireRequest,
  MAX_REQUEST_BYTES,
  type WireOptions,
  type WireRequest,
  type WireResponse,
} from './protocol.js';
export { errorType, errorToWire, wireError, type WireError } from './errors.js';
export { crc32 } from './crc32.js';
export type { EngineCredentials } from './signature.js';
