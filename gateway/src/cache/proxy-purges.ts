import type { Logger } from 'pino';
import { ALL_TAG } from '../../../schema/src/index.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { proxyPurgeStreamKey } from './shared-tier.js';

/** The xkey every object in the proxy carries (deploy/varnish/technews.vcl): a purge of `all` names it. */
export const PROXY_EVERYTHING_KEY = 'all-answers';
/** How long a purge may sit unacknowledged before any process sends it again. */
export const PROXY_PURGE_RETRY_MS = 1_000;
/** Keys per PURGE request: Varnish reads request headers up to 8 kB by default. */
const MAX_KEY_HEADER_CHARS = 4_000;
/** Purges held in memory without Redis: past it they become one purge of everything. */
const MAX_LOCAL_TAGS = 1_000;
const GROUP = 'purgers';

export interface ProxyPurger {
  /** Without Redis: queue these tags for the proxies (with Redis the content bus queues them in its purge). */
  enqueue(tags: readonly string[]): void;
  /**
   * Sends what is queued now: this process's purge, its pages rendered again. Purges of other
   * processes are sent by them, or by anyone once they have waited PROXY_PURGE_RETRY_MS.
   */
  kick(): void;
  close(): void;
}

export interface ProxyPurgerOptions {
  /** The proxies' URLs: each gets `PURGE /` with the keys in `xkey-purge`. */
  urls: readonly string[];
  /** With Redis, purges wait in a stream read by a consumer group: one process sends each, and any retries it. */
  redis: SharedRedis | null;
  logger: Logger;
  /** A name of this process within the group. */
  consumer: string;
}

/** The xkeys a purge of these tags names: its tags and the answers tagged `all`, or every object. */
export function proxyKeys(tags: readonly string[]): string[] {
  return tags.includes(ALL_TAG) ? [PROXY_EVERYTHING_KEY] : [...new Set([...tags, ALL_TAG])];
}

/** The keys in header-sized groups. */
function keyGroups(keys: readonly string[]): string[] {
  const groups: string[] = [];
  let current = '';
  for (const key of keys) {
    if (current && current.length + key.length + 1 > MAX_KEY_HEADER_CHARS) {
      groups.push(current);
      current = '';
    }
    current = current ? `${current} ${key}` : key;
  }
  if (current) groups.push(current);
  return groups;
}

/** Tells every proxy; resolves true only when each answered 200 for each group of keys. */
async function sendToProxies(urls: readonly string[], tags: readonly string[]): Promise<boolean> {
  const groups = keyGroups(proxyKeys(tags));
  const results = await Promise.all(
    urls.flatMap((url) =>
      groups.map(async (keys) => {
        try {
          const res = await fetch(url, { method: 'PURGE', headers: { 'xkey-purge': keys }, signal: AbortSignal.timeout(2_000) });
          await res.arrayBuffer();
          return res.status === 200;
        } catch {
          return false;
        }
      }),
    ),
  );
  return results.every(Boolean);
}

type StreamEntries = [id: string, fields: string[]][];

/**
 * Purges for the caching proxies in front (Varnish with xkey): every committed write's tags are sent
 * as `PURGE` requests. With Redis they wait in a stream (written in the same step as the Redis
 * tier's purge), read by a consumer group: the process that commits sends at once; an entry not
 * acknowledged (the proxy down, the process gone) is claimed and sent again by any process every
 * PROXY_PURGE_RETRY_MS until the proxy takes it, so a proxy back after a minute gets every purge
 * it missed. Without Redis, tags wait in memory (bounded) and are retried the same way.
 */
export async function createProxyPurger({ urls, redis, logger, consumer }: ProxyPurgerOptions): Promise<ProxyPurger> {
  const local = new Set<string>();
  let sending = false;
  let again = false;
  let warned = false;

  const failed = () => {
    if (!warned) logger.warn({ proxies: urls }, 'a proxy refused or missed a purge: it is retried');
    warned = true;
  };

  /**
   * Whether a purge nobody has taken has waited PROXY_PURGE_RETRY_MS (by Redis's clock): its
   * process renders its pages again before it sends it (decision 138), so the others leave a
   * newer one to it, and take it only if that process is gone.
   */
  const unsentTooLong = async (key: string): Promise<boolean> => {
    const groups = (await redis!.client.xinfo('GROUPS', key)) as unknown[][];
    const group = groups.find((fields) => fields[fields.indexOf('name') + 1] === GROUP);
    const last = group ? String(group[group.indexOf('last-delivered-id') + 1]) : '0-0';
    const [next] = (await redis!.client.xrange(key, `(${last}`, '+', 'COUNT', 1)) as StreamEntries;
    if (!next) return false;
    const [seconds, micros] = await redis!.client.time();
    return Number(seconds) * 1_000 + Math.floor(Number(micros) / 1_000) - Number(next[0].split('-')[0]) >= PROXY_PURGE_RETRY_MS;
  };

  const fromStream = async (own: boolean) => {
    if (!redis?.up) return;
    const key = proxyPurgeStreamKey(redis.prefix);
    const claimed = (await redis.client.xautoclaim(key, GROUP, consumer, PROXY_PURGE_RETRY_MS, '0', 'COUNT', 50)) as [string, StreamEntries];
    const fresh = own || (await unsentTooLong(key)) ? ((await redis.client.xreadgroup('GROUP', GROUP, consumer, 'COUNT', 50, 'STREAMS', key, '>')) as [string, StreamEntries][] | null) : null;
    const entries = [...(claimed[1] ?? []), ...(fresh?.[0]?.[1] ?? [])];
    for (const [id, fields] of entries) {
      if (!fields) continue;
      const tags = (fields[fields.indexOf('tags') + 1] ?? ALL_TAG).split(' ').filter(Boolean);
      if (await sendToProxies(urls, tags)) {
        await redis.client.xack(key, GROUP, id);
        await redis.client.xdel(key, id);
        warned = false;
      } else failed();
    }
  };

  const fromMemory = async () => {
    if (local.size === 0) return;
    const tags = [...local];
    local.clear();
    if (await sendToProxies(urls, tags)) warned = false;
    else {
      for (const tag of tags) local.add(tag);
      if (local.size > MAX_LOCAL_TAGS) {
        local.clear();
        local.add(ALL_TAG);
      }
      failed();
    }
  };

  /** One pass at a time; a kick during a pass makes one more. `own`: this process's purge is ready to go. */
  let ownWaiting = false;
  const pass = async (own = false): Promise<void> => {
    ownWaiting ||= own;
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    try {
      do {
        again = false;
        const mine = ownWaiting;
        ownWaiting = false;
        await (redis ? fromStream(mine) : fromMemory());
      } while (again);
    } catch (error) {
      redis?.fellBack('sending purges to the proxies', error);
    } finally {
      sending = false;
    }
  };

  const ensureGroup = async () => {
    if (!redis?.up) return;
    await redis.client.xgroup('CREATE', proxyPurgeStreamKey(redis.prefix), GROUP, '0', 'MKSTREAM').catch((error: unknown) => {
      if (!String(error).includes('BUSYGROUP')) throw error;
    });
  };
  await ensureGroup().catch((error: unknown) => redis?.fellBack('creating the proxy purge group', error));
  const stopListening = redis?.onReconnect(() => void ensureGroup().then(() => pass(), () => undefined));

  const timer = setInterval(() => void pass(), PROXY_PURGE_RETRY_MS);
  timer.unref();

  return {
    enqueue(tags) {
      for (const tag of tags) local.add(tag);
      if (local.size > MAX_LOCAL_TAGS) {
        local.clear();
        local.add(ALL_TAG);
      }
      void pass();
    },
    kick() {
      void pass(true);
    },
    close() {
      clearInterval(timer);
      stopListening?.();
    },
  };
}
