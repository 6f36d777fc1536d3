import 'reflect-metadata';
import type { Server } from 'node:http';
import { ConfigError, loadConfig } from './config/config.js';
import { createLogger } from './logger.js';
import { openDatabase } from '../../schema/src/lib/database.js';
import { createApp } from './app.js';
import { createWeb } from './ssr/web.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config);
const { orm, seeded, migrations, description } = await openDatabase(config.database);
logger.info({ database: description, migrations, seeded }, 'database ready');

const { app, close } = await createApp({ config, orm, logger, web: (contextFor) => createWeb({ config, contextFor }) });

const server: Server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ url: `http://localhost:${port}` }, `${config.siteName} is serving on http://localhost:${port}`);
});

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  server.close();
  server.closeIdleConnections();
  await close().catch(() => undefined);
  await orm.close(true).catch(() => undefined);
  clearTimeout(force);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
