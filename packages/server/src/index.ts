export { main } from './cli/main.js';
export { startServer } from './http/server.js';
export { createConnectionRegistry } from './connections/registry.js';
