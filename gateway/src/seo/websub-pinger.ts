import type { Logger } from 'pino';
import type { Services } from '../../../schema/src/index.js';
import { siteUrl } from './site-url.js';

/** Most topics waiting for the hub at once, and their bytes: a change adds the same few feeds again. */
export const MAX_PENDING_TOPICS = 2_000;
export const MAX_PENDING_BYTES = 512 * 1024;

export interface WebSubPingerOptions {
  /** The hub (WEBSUB_HUB_URL). */
  hubUrl: string;
  /** The feeds a publish changes: each is pinged (topics are deduplicated while they wait). */
  topics: () => Promise<string[]>;
  logger: Pick<Logger, 'warn' | 'debug'>;
  /** Changes closer together than this are one round of pings. */
  debounceMs?: number;
  /** The first retry's wait, doubled each failed round up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** One ping's deadline. */
  timeoutMs?: number;
}

export interface WebSubPinger {
  /** Public content changed: ping the hub for every feed, soon. */
  changed(): void;
  /** Topics not yet accepted by the hub. */
  pending(): number;
  stop(): Promise<void>;
}

/** The feeds the site offers: the site's and each category's, RSS and JSON Feed. */
export async function feedTopics(site: string, services: Services): Promise<string[]> {
  const categories = await services.categories.list();
  return ['', ...categories.map((c) => `/categories/${c.slug}`)].flatMap((base) => [siteUrl(site, `${base}/rss.xml`), siteUrl(site, `${base}/feed.json`)]);
}

/**
 * WebSub publishing: after a change the hub is told (hub.mode=publish) which feeds changed, so
 * subscribers are pushed the new items instead of polling. Never in the editor's request: a round
 * runs on a timer, failed topics stay pending and are retried with backoff until the hub takes
 * them. A process that stops with pings pending loses nothing: every start pings every feed once
 * (a ping only says "fetch again", so an extra one is harmless).
 */
export function startWebSubPinger({ hubUrl, topics, logger, debounceMs = 1_000, retryMs = 5_000, maxRetryMs = 15 * 60_000, timeoutMs = 10_000 }: WebSubPingerOptions): WebSubPinger {
  const waiting = new Set<string>();
  let waitingBytes = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let failedRounds = 0;
  let stopped = false;
  let changedSinceRound = false;
  const inFlight = new AbortController();

  const add = (topic: string) => {
    if (waiting.has(topic)) return;
    if (waiting.size >= MAX_PENDING_TOPICS || waitingBytes + topic.length > MAX_PENDING_BYTES) {
      logger.warn({ topic }, 'WebSub ping refused: too many feeds waiting for the hub');
      return;
    }
    waiting.add(topic);
    waitingBytes += topic.length;
  };
  const settle = (topic: string) => {
    if (waiting.delete(topic)) waitingBytes -= topic.length;
  };

  const schedule = (delayMs: number) => {
    if (stopped || timer || running) return;
    timer = setTimeout(() => {
      timer = null;
      running = round().finally(() => {
        running = null;
        if (changedSinceRound) schedule(debounceMs);
        else if (waiting.size) schedule(Math.min(maxRetryMs, retryMs * 2 ** Math.max(0, failedRounds - 1)));
      });
    }, delayMs);
    timer.unref();
  };

  async function ping(topic: string): Promise<boolean> {
    try {
      const res = await fetch(hubUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': topic }),
        redirect: 'error',
        signal: AbortSignal.any([inFlight.signal, AbortSignal.timeout(timeoutMs)]),
      });
      await res.body?.cancel();
      if (res.ok) return true;
      logger.warn({ status: res.status, topic }, 'WebSub hub refused a ping; retried later');
    } catch (error) {
      if (!stopped) logger.warn({ err: error, topic }, 'WebSub hub unreachable; retried later');
    }
    return false;
  }

  async function round(): Promise<void> {
    if (changedSinceRound) {
      changedSinceRound = false;
      try {
        for (const topic of await topics()) add(topic);
      } catch (error) {
        // The feeds could not be listed (the database is down): the whole round is tried again.
        changedSinceRound = true;
        failedRounds += 1;
        logger.warn({ err: error }, 'listing feeds for WebSub failed; retried later');
        return;
      }
    }
    for (const topic of [...waiting]) {
      if (stopped) return;
      if (!(await ping(topic))) {
        // The hub is failing: the rest waits for the next round rather than hammering it.
        failedRounds += 1;
        return;
      }
      settle(topic);
    }
    failedRounds = 0;
  }

  const pinger: WebSubPinger = {
    changed() {
      changedSinceRound = true;
      schedule(debounceMs);
    },
    pending: () => waiting.size,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      inFlight.abort();
      await running;
    },
  };
  // Every start pings every feed: what a stopped process had not yet pinged is covered.
  pinger.changed();
  return pinger;
}
