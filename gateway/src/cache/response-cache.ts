import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Headers a stored response keeps; the rest (dates, connection) are the server's of the moment. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'etag', 'content-security-policy', 'link', 'vary'];

interface Entry {
  status: number;
  headers: [string, string][];
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The content generation it was rendered from: a write starts a new one. */
  generation: number;
  storedAt: number;
}

export interface ResponseCacheOptions {
  /** How long an entry serves before it is rendered again, even without a write (age labels move). */
  ttlMs: number;
  /** Memory for stored bodies (all three encodings counted). */
  maxBytes: number;
}

export interface ResponseCache {
  /** Serves stored anonymous GET answers and stores new cacheable ones. */
  middleware: RequestHandler;
  /** Content changed: nothing stored before now is served again. */
  invalidate(): void;
  readonly stats: { hits: number; misses: number; stored: number };
}

function cacheable(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  // Answers that depend on who asks are never shared.
  return !req.headers.authorization && !req.headers['x-api-key'] && !req.headers.cookie;
}

/** Stored only when the route itself declared the answer public and nothing in it is personal. */
function storable(res: Response): boolean {
  if (res.statusCode !== 200 || res.getHeader('set-cookie') || res.getHeader('content-encoding')) return false;
  return /(^|,)\s*public\b/.test(String(res.getHeader('cache-control') ?? ''));
}

/**
 * Render once, serve many: anonymous GET answers (pages, REST reads, feeds) are kept in memory,
 * brotli and gzip compressed once, keyed by URL, and answered without running the route again
 * until content changes (`invalidate`, wired to every committed write) or `ttlMs` passes. A hit
 * revalidates with its ETag like the route would. Pages carry no per-reader bytes (decision 010),
 * so sharing them is safe.
 */
export function createResponseCache({ ttlMs, maxBytes }: ResponseCacheOptions): ResponseCache {
  let generation = 0;
  const stats = { hits: 0, misses: 0, stored: 0 };
  const maxEntryBytes = Math.min(2 * 1024 * 1024, Math.floor(maxBytes / 8));
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (e) => e.identity.length + e.br.length + e.gzip.length + 256,
    ttl: ttlMs,
  });

  const serve = (req: Request, res: Response, entry: Entry) => {
    stats.hits += 1;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('Age', String(Math.floor((Date.now() - entry.storedAt) / 1000)));
    res.setHeader('X-Cache', 'HIT');
    res.status(entry.status);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.vary('Accept-Encoding');
    const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
    const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity;
    if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', String(body.length));
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (!cacheable(req)) return next();
    const key = req.originalUrl;
    const hit = entries.get(key);
    if (hit && hit.generation === generation) return serve(req, res, hit);
    stats.misses += 1;
    res.setHeader('X-Cache', 'MISS');
    if (req.method === 'HEAD') return next();

    // Capture the body the route writes (before compression, which wraps these same methods). Whether
    // it may be kept is decided when the route starts answering, before compression adds its headers.
    const started = generation;
    const chunks: Buffer[] = [];
    let size = 0;
    let keep: boolean | undefined;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      keep ??= !res.headersSent && storable(res);
      if (!keep || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      size += buffer.length;
      // A very large answer (a 50,000-URL sitemap) would crowd out many pages: it streams uncached.
      if (size > maxEntryBytes) {
        keep = false;
        chunks.length = 0;
        return;
      }
      chunks.push(buffer);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const result = end(chunk, ...rest);
      if (keep && started === generation) void store(key, res, Buffer.concat(chunks), started);
      return result;
    }) as Response['end'];
    next();
  };

  const store = async (key: string, res: Response, identity: Buffer, from: number) => {
    const headers = KEPT_HEADERS.flatMap((name) => {
      const value = res.getHeader(name);
      return value === undefined ? [] : [[name, String(value)] as [string, string]];
    });
    const [br, gz] = await Promise.all([
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzipAsync(identity, { level: 6 }),
    ]);
    // A write while compressing makes this copy stale before it is ever served.
    if (from !== generation) return;
    entries.set(key, { status: res.statusCode, headers, identity, br, gzip: gz, generation: from, storedAt: Date.now() });
    stats.stored += 1;
  };

  return {
    middleware,
    invalidate() {
      generation += 1;
      entries.clear();
    },
    stats,
  };
}
