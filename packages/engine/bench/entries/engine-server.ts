/** The engine over HTTP in a process of its own: `engine-server <port>`. */
import { createEngine, startEngineServer } from '../../src/index.js';

const port = Number(process.argv[2] ?? 0);
const server = await startEngineServer({ engine: createEngine({ region: 'us-east-1' }), port });
process.send?.({ ready: server.url });
