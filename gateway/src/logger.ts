import { pino } from 'pino';
import type { Config } from './config/config.js';

export function createLogger(config: Pick<Config, 'logLevel' | 'env'>) {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
  });
}
