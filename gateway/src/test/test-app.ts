import { pino } from 'pino';
import type { Express } from 'express';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { type App, createApp, type AppDependencies } from '../app.js';
import { loadConfig } from '../config/config.js';

export interface TestApp {
  app: Express;
  /** The server's listener (`App.listener`): what a server built with `createHttpServer` runs. */
  listener: App['listener'];
  readiness: { ready: boolean };
  db: TestDatabase;
  /** The audience counter: `flush()` writes what was counted so far. */
  analytics: App['analytics'];
  /** The response cache (null when RESPONSE_CACHE_TTL_SECONDS is 0): its stats say what it stored. */
  cache: App['cache'];
  /** Scheduled content: `refresh()` has it look at the clock now (after a test moved it). */
  schedule: App['schedule'];
  /** The app's image queue and cover render cache. */
  covers: App['covers'];
  /** Whether Fedify has been loaded. */
  fediverse: App['fediverse'];
  /** Where a test's listener serves it: pages a purge dropped from its cache are rendered again through it. */
  serving: App['serving'];
  close(): Promise<void>;
}

/** The real gateway on a migrated, seeded test database, for supertest. */
export async function createTestApp(
  env: Record<string, string> = {},
  extra: Partial<Pick<AppDependencies, 'web' | 'clock' | 'logger'>> = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au', ...env });
  const { app, listener, close, readiness, analytics, cache, schedule, covers, fediverse, serving } = await createApp({ config, orm: db.orm, logger: pino({ level: 'silent' }), ...extra });
  return {
    app,
    listener,
    readiness,
    db,
    analytics,
    cache,
    schedule,
    covers,
    fediverse,
    serving,
    async close() {
      await close();
      await db.close();
    },
  };
}
