import { MemoryStorage } from '../../src/storage/memory.js';
import { storageSuite } from './storage-suite.js';

storageSuite('memory', { open: () => new MemoryStorage() });
