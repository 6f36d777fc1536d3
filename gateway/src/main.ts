import 'reflect-metadata';
import type { Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { ConfigError, loadConfig, type Config } from './config/config.js';
import { createLogger } from './logger.js';
import { cancelDatabaseWork, openDatabase, systemClock } from '../../schema/src/index.js';
import { createApp } from './app.js';
import { createShutdown, shutdownBudgetMs } from './lifecycle/graceful-shutdown.js';
import { createHttpServer } from './lifecycle/http-server.js';
import { unhandledRejectionHandler } from './lifecycle/unhandled-rejections.js';
import { smtpSender, startOutboxWorker } from './notifications/outbox-worker.js';
import { digestClockFromFile } from './newsletter/digest-clock.js';
import { startDigestJob } from './newsletter/digest-job.js';
import { newsletterSettings } from './newsletter/newsletter-settings.js';
import { createWeb } from './ssr/web.js';
import { listenErrorMessage, listenUrl } from '../../scripts/listen-address.mjs';

let config: Config;
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
process.on('unhandledRejection', unhandledRejectionHandler(logger));
const { orm, seeded, migrations, description } = await openDatabase(config.database, { pool: config.pool });
logger.info({ database: description, migrations, seeded, pool: config.pool }, 'database ready');
// Several replicas: a one-off run applies migrations (and the first seed) once, before any replica
// starts (docker-compose.yml's `migrate` service); the replicas then find nothing pending.
if (process.argv.includes('--migrate-only')) {
  await orm.close(true);
  process.exit(0);
}

const webMode = config.env === 'production' ? 'built' : 'vite';
// One clock for the requests' services, the scheduled moments, counted traffic and the digests.
const clock = systemClock;
const { app, listener, readiness, close, stopWrites, serving } = await createApp({
  config,
  orm,
  logger,
  clock,
  csp: webMode !== 'vite',
  web: (contextFor) => createWeb({ config, contextFor, mode: webMode, csp: webMode !== 'vite' }),
});

const outbox = config.smtpUrl
  ? startOutboxWorker({ orm, send: smtpSender(config.smtpUrl), from: config.mailFrom, logger })
  : null;
if (!outbox) logger.info('SMTP_URL not set: inquiry notifications wait in the outbox');
// Morning digests are queued only where mail can go out: 07:00 Sydney daily, Mondays weekly (decision 095).
// The browser tests bring the next morning by writing it in NEWSLETTER_CLOCK_FILE (refused outside loopback).
const digestsAtOnce = async () => {
  // A run already going may have read the old time: run again once it is done (a stopped job always skips).
  for (let tries = 0; tries < 20 && (await digests?.runNow())?.outcome === 'skipped'; tries++) await delay(500);
};
const digestClock = config.newsletter.clockFile ? digestClockFromFile(config.newsletter.clockFile, () => void digestsAtOnce()) : null;
const digests = config.smtpUrl ? startDigestJob({ orm, logger, newsletter: newsletterSettings(config, null), clock: digestClock?.clock ?? clock }) : null;

const server: Server = createHttpServer(app, config.http, listener).listen(config.port, config.host, () => {
  const address = server.address();
  const url = typeof address === 'object' && address ? listenUrl(address.address, address.port) : listenUrl(config.host, config.port);
  logger.info({ url }, `${config.siteName} is serving on ${url}`);
  // The process asks itself for pages a write purged (decision 138): on loopback when it listens on every interface.
  if (typeof address === 'object' && address) serving(`http://${ownAddress(address.address)}:${address.port}`);
});
// A busy port or a foreign HOST is one line naming the setting, not a stack trace.
server.on('error', (error) => {
  const message = listenErrorMessage(error, config.host, config.port);
  if (!message) throw error;
  logger.fatal({ code: (error as NodeJS.ErrnoException).code }, message);
  process.exit(1);
});

/** An address of this server its own requests reach: loopback for a wildcard, brackets for IPv6. */
function ownAddress(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

const shutdown = createShutdown({
  server,
  readiness,
  graceMs: config.shutdownGraceMs,
  timeoutMs: config.shutdownTimeoutMs,
  // Past the timeout: no transaction commits any more, and the database cancels what still runs.
  cancelInFlight: () => {
    stopWrites();
    return cancelDatabaseWork(orm);
  },
  closers: [
    () => {
      digestClock?.close();
      return digests?.stop() ?? Promise.resolve();
    },
    () => outbox?.stop() ?? Promise.resolve(),
    close,
    () => orm.close(true),
  ],
  logger,
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    // The timeout is a hard limit: whatever hangs, the process is gone shortly after it.
    setTimeout(() => process.exit(1), config.shutdownGraceMs + shutdownBudgetMs({ timeoutMs: config.shutdownTimeoutMs }) + 500).unref();
    void shutdown(signal).then((clean) => process.exit(clean ? 0 : 1));
  });
}
