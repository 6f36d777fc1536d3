import type { NextFunction, Response } from 'express';
import { ALL_TAG, CacheTagCollector, collectCacheTags } from '../../../schema/src/index.js';
import type { HeaderList } from './response-cache.js';

/** Fastly's and Varnish xkey's header: tags separated by spaces. */
export const SURROGATE_KEY = 'surrogate-key';
/** Cloudflare's header: tags separated by commas. */
export const CACHE_TAG = 'cache-tag';

/** An answer's tags as its stored headers name them (empty when it has none). */
export function tagsOfHeaders(headers: HeaderList): string[] {
  for (const [name, value] of headers) if (name === SURROGATE_KEY) return value.split(' ').filter(Boolean);
  return [];
}

/**
 * Runs the handler with a collector gathering the tags of everything its reads fetch
 * (lib/cache-tags.ts), and sends them with a public answer as `Surrogate-Key` and `Cache-Tag`, set
 * just before its headers are written. A public answer whose reads recorded nothing is tagged `all`:
 * a read that escaped the collector leaves it purged by every write rather than never.
 */
export function withCacheTags(res: Response, next: NextFunction, error?: unknown): void {
  const collector = new CacheTagCollector();
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    if (!res.headersSent && /(^|,)\s*public\b/.test(String(res.getHeader('cache-control') ?? ''))) {
      const tags = collector.list();
      if (tags.length === 0) tags.push(ALL_TAG);
      res.setHeader(SURROGATE_KEY, tags.join(' '));
      res.setHeader(CACHE_TAG, tags.join(','));
    }
    return writeHead(...args);
  }) as Response['writeHead'];
  collectCacheTags(collector, () => next(error));
}
