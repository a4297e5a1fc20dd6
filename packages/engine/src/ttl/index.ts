export { isExpired, startTtlSweeper, sweepExpiredItems, TTL_MAX_AGE_SECONDS } from './sweeper.js';
