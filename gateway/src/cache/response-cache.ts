import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import pLimit from 'p-limit';
import { append as appendVary } from 'vary';
import { colorSchemeFromCookie, onlyColorSchemeCookie } from '../../../web/src/entry-server.js';
import { ALL_TAG } from '../../../schema/src/index.js';
import { STALE_COPY } from './cache-profiles.js';
import { CACHE_TAG, SURROGATE_KEY, tagsOfHeaders } from './cache-tag-headers.js';
import { pageVariant } from '../seo/markdown-negotiation.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Answers compressed for keeping at once: each compression holds a brotli and a gzip encoder in
 * native memory (MBs each) from its call, and libuv runs four at a time anyway. Unbounded, a burst
 * of uncached pages on the embedded database (whose queries hold the event loop while encoders
 * finish) held a hundred pairs at once: about 200 MB more resident.
 */
export const COMPRESSING_AT_ONCE = 4;
/** Bytes of answers waiting for a compression slot; beyond, an answer is served and not kept. */
export const COMPRESSION_QUEUE_BYTES = 8 * 1024 * 1024;

/** Brotli's window sized to the answer (at most its default 4 MB): a larger window only costs memory. */
export const brotliWindowBits = (bytes: number): number => Math.min(constants.BROTLI_DEFAULT_WINDOW, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))));

/** How long a miss waits for the same answer being rendered before rendering it itself (nginx's proxy_cache_lock_timeout). */
const DEFAULT_COALESCE_WAIT_MS = 5_000;
/** A request waits at most this many times (each time the answer it waited for could not be kept). */
const MAX_WAITS = 2;

/** A miss being rendered, in the content generation it started in; `done` when it has ended. */
interface Flight {
  generation: number;
  done: Promise<Landing>;
}

/** How a flight ended: its answer stored, not keepable (the route's own choice), or dropped (cut short, a write came). */
type Landing = 'stored' | 'unkept' | 'dropped';

/**
 * Reads with a longer URL (path and query) are answered but never kept: every key costs memory, and
 * no page, API read or persisted GraphQL query of the site needs more (decision 046).
 */
export const MAX_CACHED_URL_LENGTH = 2_048;

/**
 * What an entry costs beyond its bodies, headers and key: the entry and its arrays, the header
 * blocks made for its hits in one write (four arrays referring to the same strings), the LRU's bookkeeping.
 */
const ENTRY_OVERHEAD_BYTES = 1_024;

/** Memory for the keys whose last answer could not be kept (as sha256 hashes, bookkeeping included). */
export const UNKEPT_MAX_BYTES = 512 * 1024;

/** What a string key costs at most: V8 keeps a string in one or two bytes a character. */
function keyBytes(key: string): number {
  return 2 * key.length + 32;
}

/** Headers a stored response keeps; the rest (dates, connection) are the server's of the moment. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'etag', 'content-security-policy', 'link', 'vary', SURROGATE_KEY, CACHE_TAG];

/** Headers as name and value pairs, names in lower case. */
export type HeaderList = readonly (readonly [string, string])[];

/** An entry's answers written in one writeHead, for one set of lists before it: whole header blocks, made once. */
interface LeanBlocks {
  lists: readonly HeaderList[];
  /** The stored ETag, for If-None-Match. */
  etag: string | undefined;
  /** Flat name, value, name, value: for the 200 in each encoding, and for a 304. */
  identity: string[];
  br: string[];
  gzip: string[];
  notModified: string[];
}

interface Entry {
  status: number;
  headers: [string, string][];
  /**
   * The uncompressed body: null until a client that takes no compression asks for it (decision
   * 135). Browsers and proxies take brotli or gzip, so most entries never hold it.
   */
  identity: Buffer | null;
  identityLength: number;
  br: Buffer;
  gzip: Buffer;
  /** The content generation it was rendered from: a write starts a new one. */
  generation: number;
  storedAt: number;
  /** The tags of the content it shows (its Surrogate-Key): a purge of any of them makes it stale. */
  tags: ReadonlySet<string>;
  /** A write changed what it shows: served again only as the last good copy (stale-if-error). */
  purged?: boolean;
  /** Times served as a hit: a purge lists the most read of the entries it drops first, to render them again. */
  reads: number;
  /** Its key is a plain anonymous GET of its URL (`|` and the URL), which a request to the process can render again. */
  refetchable: boolean;
}

/** A stored answer as another tier (Redis, shared by every process) keeps it. */
export type SharedAnswer = Omit<Entry, 'generation' | 'tags' | 'purged' | 'identity' | 'reads' | 'refetchable'>;

/**
 * What a purge dropped: how many answers, and the URLs of those a request to the process can render
 * again (plain anonymous GETs), most read first. Behind a proxy that keeps pages a day, the process
 * sees a page again only when the proxy misses it: being held here at all is the sign it is read.
 */
export interface PurgeResult {
  dropped: number;
  read: string[];
}

export interface ResponseCacheOptions {
  /** How long an entry serves before it is rendered again, even without a write (age labels move). */
  ttlMs: number;
  /** Memory for stored bodies (all three encodings counted). */
  maxBytes: number;
  /**
   * Stale-if-error: how long past its freshness (a later write, or ttlMs) an entry is kept as the
   * last good copy, served only when rendering it again fails (the database is unreachable). 0: never.
   */
  staleMs?: number;
  /** While true, nothing is served from or stored into the cache (Redis is configured but unreachable). */
  bypass?: () => boolean;
  /** Hears each answer stored (and the response it answered), for a second tier (Redis) that other processes read. */
  onStore?: (key: string, answer: SharedAnswer, res: Response) => void;
  /**
   * How long a miss waits for the same answer already being rendered (decision 033) before it
   * renders on its own. 0: misses never wait.
   */
  coalesceWaitMs?: number;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /**
       * Set by the response cache on a miss: answers with the last good copy of this URL, marked
       * stale, and returns true; false when there is none. The error handler calls it before a 5xx.
       */
      staleIfError?: () => boolean;
    }
  }
}

/** A fresh answer taken from the cache for one request. */
export interface HeldAnswer {
  /** Serves it as a hit on a response whose other headers are set already. */
  answer(res: Response): void;
  /**
   * Serves it as a hit on a response with no header set yet, in one `writeHead`: `lists` are the
   * headers the handlers before the cache would have set, in their order, the same lists every
   * time; `perRequest` are those that change with each request (the limit's), with names of their own.
   */
  answerWith(res: Response, lists: readonly HeaderList[], perRequest: HeaderList): void;
}

/** The key of an anonymous GET of `url` with no colour scheme and no other answer type (see `keyOf`), and back. */
export const plainGetKey = (url: string) => `|${url}`;
const urlOfPlainGetKey = (key: string) => key.slice(1);

export interface ResponseCache {
  /** Serves stored anonymous GET answers (and GraphQL queries sent by POST) and stores new cacheable ones. */
  middleware: RequestHandler;
  /** Content changed: nothing stored before now is served again. */
  invalidate(): void;
  /**
   * Content with these tags changed: the answers showing it (and those tagged `all`) are not served
   * again, the rest stay; a purge of `all` is `invalidate` (and lists no URL to render again).
   */
  purge(tags: readonly string[]): PurgeResult;
  /**
   * For a second tier: the key of a cacheable request this cache holds no fresh answer for (null
   * otherwise), and `admit` to take an answer found elsewhere, served as a hit if no write came between.
   */
  lookup(req: Request): { key: string; admit(answer: SharedAnswer): void } | null;
  /**
   * Settles once the answer being rendered for this anonymous GET of `url` (path and query) is
   * stored here, and offered to `onStore`, or dropped; at once when none is being rendered.
   */
  landed(url: string): Promise<unknown>;
  /** Whether a fresh answer to this request is stored (it will most likely be served from here). */
  holds(req: Request): boolean;
  /**
   * The fresh answer stored for this request, taken now: `answer` serves it as a hit (with its
   * validators, in the encoding asked for), even if a write comes in meanwhile. Null if none.
   */
  held(req: Request): HeldAnswer | null;
  /** `notKept`: answers served but not kept because the compression queue was full. */
  readonly stats: { hits: number; misses: number; stored: number; stale: number; waited: number; notKept: number };
  /** What is held now, as counted against the bounds: entries (stale copies too) and unkept keys, keys included. */
  memory(): { entries: number; bytes: number; unkeptKeys: number; unkeptBytes: number };
}

/**
 * Whether the body, parsed before the cache runs (only /graphql parses bodies that early), is one
 * GraphQL request: a query string or a persisted query's hash; not a batch. Whether it was a query
 * is decided by the answer: only a query's carries a public Cache-Control.
 */
function isGraphqlRequest(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { query, extensions } = body as { query?: unknown; extensions?: { persistedQuery?: unknown } };
  return typeof query === 'string' || typeof extensions?.persistedQuery === 'object';
}

/**
 * A POST's body bytes and key ride on the request itself (symbol fields): WeakMaps keyed by every
 * request's body cost 3 % of a cached POST (decision 044), their entries made and swept per request.
 */
const BODY_BYTES = Symbol('the bytes a POST body was read from');
const BODY_KEY = Symbol("a POST body's cache key");
type KeyedRequest = Request & { [BODY_BYTES]?: Buffer; [BODY_KEY]?: string };

/**
 * Keys a POST body by the bytes it was read from (graphql-body.ts reads plain JSON bodies itself):
 * cheaper than serialising the parsed body again, and possible before it is parsed at all, so a
 * cached answer is found without parsing (decision 044). Both forms name the same query, so
 * either key finds its own answer.
 */
export function keyBodyByItsBytes(req: Request, bytes: Buffer): void {
  (req as KeyedRequest)[BODY_BYTES] = bytes;
}

/**
 * A body up to this size is its own key: hashing it cost more than the longer key (a cached
 * GraphQL POST spent 3-4 % of its time in sha256).
 */
const BODY_KEYED_BY_TEXT_BYTES = 1_024;

/**
 * The same query with the same variables and operation name is the same answer. A short body's
 * key is its text after "=", which no base64url hash holds, so the two forms never meet. A POST's
 * key is asked for up to three times (the request gate, the cache itself): it is
 * made once per request.
 */
function bodyKey(req: KeyedRequest): string {
  let key = req[BODY_KEY];
  if (key === undefined) {
    const bytes = req[BODY_BYTES] ?? Buffer.from(JSON.stringify(req.body));
    key = bytes.length <= BODY_KEYED_BY_TEXT_BYTES ? `=${bytes.toString('latin1')}` : createHash('sha256').update(bytes).digest('base64url');
    req[BODY_KEY] = key;
  }
  return key;
}

/**
 * Whether a POST may be answered from (and its answer kept in) the cache: a parsed body that is
 * one GraphQL request, or a body read but not parsed yet, which is only ever looked up by its
 * bytes (decision 044): only a GraphQL request's bytes were ever stored, so a hit means the same
 * bytes parsed to one before.
 */
function cacheablePost(req: KeyedRequest): boolean {
  return req.body === undefined ? req[BODY_BYTES] !== undefined : isGraphqlRequest(req.body);
}

/** Memory for each memo of a header's negotiation below (values up to 256 characters are kept). */
const NEGOTIATION_MEMO_BYTES = 256 * 1024;
const negotiationMemo = () => new LRUCache<string, string>({ maxSize: NEGOTIATION_MEMO_BYTES, sizeCalculation: (value, key) => keyBytes(key) + keyBytes(value) });

/** The encoding chosen for each Accept-Encoding seen lately: browsers send a handful of values, each parsed once. */
const chosenEncodings = negotiationMemo();

/** The stored body to send: brotli, gzip or identity, as the request's Accept-Encoding prefers. */
function encodingFor(req: Request): string {
  const header = req.headers['accept-encoding'] ?? '';
  let chosen = chosenEncodings.get(header);
  if (chosen === undefined) {
    chosen = req.acceptsEncodings('br', 'gzip', 'identity') || 'identity';
    // Long odd values are parsed each time rather than kept: the memory stays small whatever clients send.
    if (header.length <= 256) chosenEncodings.set(header, chosen);
  }
  return chosen;
}

/** What an entry's headers cost: each name and value, and the pair holding them. */
function headerBytes(headers: HeaderList): number {
  let bytes = 0;
  for (const [name, value] of headers) bytes += keyBytes(name) + keyBytes(value) + 32;
  return bytes;
}

/** What an entry's set of tags costs: each tag (a string of its own) and its slot in the set. */
function tagBytes(tags: ReadonlySet<string>): number {
  let bytes = 0;
  for (const tag of tags) bytes += keyBytes(tag) + 16;
  return bytes;
}

/** Blocks made for an entry: dropped with it. */
const leanBlocks = new WeakMap<Entry, LeanBlocks>();

/** An entry's header blocks on top of `lists`, as `serve` would leave them, for each encoding and for a 304. */
function makeLeanBlocks(entry: Entry, lists: readonly HeaderList[]): LeanBlocks {
  const merged = new Map<string, string>();
  for (const list of [...lists, entry.headers]) for (const [name, value] of list) merged.set(name, value);
  merged.set('x-cache', 'HIT');
  const flat = (extra: [string, string][]) => [...new Map([...merged, ...extra])].flat();
  const vary = appendVary(merged.get('vary') ?? '', 'Accept-Encoding');
  const ok = (encoding: 'identity' | 'br' | 'gzip'): string[] => {
    const length = encoding === 'identity' ? entry.identityLength : entry[encoding].length;
    const coding: [string, string][] = encoding === 'identity' ? [] : [['content-encoding', encoding]];
    return flat([['vary', vary], ...coding, ['content-length', String(length)]]);
  };
  // A 304 as the route's own answers it: Express drops the body's type; nothing was compressed, so
  // only the Vary the request gate set (credentials, Accept) and none of Accept-Encoding.
  const gateVary = lists.flatMap((list) => list.filter(([name]) => name === 'vary')).at(-1);
  const notModified = [...[...merged].filter(([name]) => name !== 'content-type' && name !== 'vary'), ...(gateVary ? [gateVary] : [])].flat();
  return { lists, etag: merged.get('etag'), identity: ok('identity'), br: ok('br'), gzip: ok('gzip'), notModified };
}

/** A Vary value without Accept-Encoding, which only a compressed body carries. */
function withoutAcceptEncoding(vary: ReturnType<Response['getHeader']>): string {
  return String(vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && name.toLowerCase() !== 'accept-encoding')
    .join(', ');
}

/** Whether the URL is the GraphQL endpoint's (with or without a query string). */
function isGraphqlUrl(url: string): boolean {
  return url.startsWith('/graphql') && (url.length === 8 || url[8] === '?' || url[8] === '/');
}

/** What Apollo reads from a GraphQL URL's query string; any other parameter changes nothing in the answer. */
const GRAPHQL_URL_PARAMS = new Set(['query', 'variables', 'operationName', 'extensions']);

/**
 * Whether a GraphQL URL carries only parameters Apollo reads: one with any other (a cache buster,
 * a name spelt in percent-escapes) is answered but never kept, so unique junk cannot fill the cache.
 */
function onlyGraphqlParams(url: string): boolean {
  const at = url.indexOf('?');
  if (at < 0) return true;
  for (const pair of url.slice(at + 1).split('&')) {
    const end = pair.indexOf('=');
    const name = end < 0 ? pair : pair.slice(0, end);
    if (name !== '' && !GRAPHQL_URL_PARAMS.has(name)) return false;
  }
  return true;
}

/**
 * The types Apollo answers one GraphQL result in, in the order it negotiates them: a client that
 * asks for `application/graphql-response+json` gets that type, one that asks for JSON gets JSON.
 */
const GRAPHQL_ANSWER_TYPES = [
  'application/json; charset=utf-8',
  'application/graphql-response+json; charset=utf-8',
  'application/json; callbackSpec=1.0; charset=utf-8',
] as const;

/** The answer type chosen for each Accept seen lately on /graphql. */
const chosenGraphqlTypes = negotiationMemo();

/**
 * The part of a GraphQL request's key that its Accept decides: the type Apollo will answer in
 * (its index; `-` for none, a 406), so the answer stored for one type is never served to a client
 * that asked for the other, while every Accept that gets the same type shares one entry.
 */
function graphqlAnswerType(req: Request): string {
  const header = req.headers.accept;
  if (header === undefined || header === '') return '0';
  let chosen = chosenGraphqlTypes.get(header);
  if (chosen === undefined) {
    const preferred = new Negotiator({ headers: { accept: header } }).mediaType(GRAPHQL_ANSWER_TYPES);
    chosen = preferred === undefined ? '-' : String(GRAPHQL_ANSWER_TYPES.indexOf(preferred as (typeof GRAPHQL_ANSWER_TYPES)[number]));
    if (header.length <= 256) chosenGraphqlTypes.set(header, chosen);
  }
  return chosen;
}

function cacheable(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD' && !(req.method === 'POST' && cacheablePost(req))) return false;
  const url = req.originalUrl;
  if (url.length > MAX_CACHED_URL_LENGTH || (isGraphqlUrl(url) && !onlyGraphqlParams(url))) return false;
  // Answers that depend on who asks are never shared; the colour scheme cookie is part of the key.
  // A partner's X-Api-Key is not among them: it was checked (and counted) before the cache, it changes
  // no answer, and it is never part of the key (decision 025).
  return !req.headers.authorization && (!req.headers.cookie || onlyColorSchemeCookie(req.headers.cookie));
}

/** Stored only when the route itself declared the answer public and nothing in it is personal. */
function storable(res: Response): boolean {
  if (res.statusCode !== 200 || res.getHeader('set-cookie') || res.getHeader('content-encoding')) return false;
  return /(^|,)\s*public\b/.test(String(res.getHeader('cache-control') ?? ''));
}

/**
 * Render once, serve many: anonymous GET answers (pages, REST reads, feeds) and GraphQL queries
 * sent by POST (decision 030) are kept in memory, brotli and gzip compressed once (the uncompressed
 * body only once a client asks for it), keyed by URL
 * (and a POST's body), and answered without running the route again until content changes
 * (`invalidate`, wired to every committed write) or `ttlMs` passes. A hit revalidates with its ETag
 * like the route would. Pages carry no per-reader bytes (decision 010), so sharing them is safe.
 */
export function createResponseCache({ ttlMs, maxBytes, staleMs = 0, bypass, onStore, coalesceWaitMs = DEFAULT_COALESCE_WAIT_MS }: ResponseCacheOptions): ResponseCache {
  let generation = 0;
  /** Entries rendered before this generation were all made stale at once (`invalidate`). */
  let clearedAt = 0;
  const stats = { hits: 0, misses: 0, stored: 0, stale: 0, waited: 0, notKept: 0 };
  const maxEntryBytes = Math.min(2 * 1024 * 1024, Math.floor(maxBytes / 8));
  // Entries outlive their freshness by staleMs as last good copies; memory stays bounded by maxBytes
  // (least recently used first), and a fresh render of the same URL replaces its stale copy.
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    // Everything an entry holds: its bodies, its headers, its key and what keeping it costs.
    sizeCalculation: (e, key) => (e.identity?.length ?? 0) + e.br.length + e.gzip.length + headerBytes(e.headers) + tagBytes(e.tags) + keyBytes(key) + ENTRY_OVERHEAD_BYTES,
    ttl: ttlMs + staleMs,
  });
  const isFresh = (entry: Entry) => !entry.purged && entry.generation >= clearedAt && Date.now() - entry.storedAt < ttlMs;
  // A long POST body (up to 100 kB, comments and all) is kept as its hash; a GraphQL key names the
  // answer type the client's Accept gets. Keys count in maxBytes.
  const keyOf = (req: Request) => {
    const url = req.originalUrl;
    const key = `${colorSchemeFromCookie(req.headers.cookie) ?? ''}|${url}${req.method === 'POST' ? `|POST ${bodyKey(req)}` : ''}`;
    // A page asked for as Markdown or as an ActivityPub object is another answer at the same URL.
    return isGraphqlUrl(url) ? `${key}|A${graphqlAnswerType(req)}` : `${key}${pageVariant(req.headers.accept)}`;
  };

  /**
   * The uncompressed body, made from the gzip copy the first time a client that takes no compression
   * asks for it, then kept with the entry and counted in maxBytes (a new entry object: the cache
   * sizes an entry when it is set), its freshness and expiry unchanged.
   */
  const identityOf = (key: string, entry: Entry): Buffer => {
    if (entry.identity) return entry.identity;
    const identity = gunzipSync(entry.gzip);
    if (entries.peek(key, { allowStale: true }) === entry) entries.set(key, { ...entry, identity }, { noUpdateTTL: true });
    return identity;
  };

  /** A GET whose key is its URL alone (no colour scheme, no other answer type): the process can ask for it again. */
  const refetchable = (req: Request, key: string) => req.method === 'GET' && key === plainGetKey(req.originalUrl);

  const serve = (req: Request, res: Response, key: string, entry: Entry, stale = false) => {
    if (stale) stats.stale += 1;
    else {
      stats.hits += 1;
      entry.reads += 1;
    }
    // Names in lower case, as Node keys headers: a name already lower-cased costs no new string per hit.
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('age', String(Math.floor((Date.now() - entry.storedAt) / 1000)));
    res.setHeader('x-cache', stale ? 'STALE' : 'HIT');
    if (stale) {
      // The last good copy, served because rendering it again failed (RFC 5861 stale-if-error):
      // marked stale (Warning 110/111, Age), and shared caches must not keep it as fresh.
      res.setHeader('Warning', '110 - "Response is Stale", 111 - "Revalidation Failed"');
      res.setHeader('Cache-Control', STALE_COPY);
      res.removeHeader('Retry-After');
    }
    res.status(entry.status);
    if (req.fresh) {
      // As the route's own 304 (see makeLeanBlocks): its Vary (Accept on a page that negotiates) without compression's.
      res.removeHeader('content-type');
      const vary = withoutAcceptEncoding(res.getHeader('vary'));
      if (vary) res.setHeader('vary', vary);
      else res.removeHeader('vary');
      res.status(304).end();
      return;
    }
    res.vary('Accept-Encoding');
    const encoding = encodingFor(req);
    if (encoding === 'br' || encoding === 'gzip') res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', String(encoding === 'br' ? entry.br.length : encoding === 'gzip' ? entry.gzip.length : entry.identityLength));
    if (req.method === 'HEAD') res.end();
    else res.end(encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : identityOf(key, entry));
  };

  /**
   * A hit written in one writeHead (decision 037): the same headers as `serve` on top of the handlers' lists,
   * merged once per entry into a block per encoding (a later header of the same name wins, as with
   * setHeader), then written with the per-request ones in one `writeHead`.
   */
  const serveLean = (req: Request, res: Response, key: string, entry: Entry, lists: readonly HeaderList[], perRequest: HeaderList) => {
    stats.hits += 1;
    entry.reads += 1;
    let blocks = leanBlocks.get(entry);
    if (!blocks || blocks.lists.length !== lists.length || blocks.lists.some((list, i) => list !== lists[i])) {
      blocks = makeLeanBlocks(entry, lists);
      leanBlocks.set(entry, blocks);
    }
    const notModified = (req.method === 'GET' || req.method === 'HEAD') && fresh(req.headers, { etag: blocks.etag });
    const encoding = notModified ? 'identity' : encodingFor(req);
    const block = notModified ? blocks.notModified : blocks[encoding as 'identity' | 'br' | 'gzip'];
    // One array of the final size: a copy of the block that then grew for the last few headers was two.
    const headers = new Array<string>(block.length + 2 * perRequest.length + 2);
    let at = 0;
    for (; at < block.length; at++) headers[at] = block[at];
    for (const [name, value] of perRequest) {
      headers[at++] = name;
      headers[at++] = value;
    }
    headers[at++] = 'age';
    headers[at] = String(Math.floor((Date.now() - entry.storedAt) / 1000));
    res.writeHead(notModified ? 304 : entry.status, headers);
    if (notModified || req.method === 'HEAD') res.end();
    else res.end(encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : identityOf(key, entry));
  };

  /**
   * Misses being rendered, by key: a later miss for the same key in the same content generation
   * waits for that answer instead of rendering it again (decision 033).
   */
  const flights = new Map<string, Flight>();
  /**
   * Keys whose last answer could not be kept (not public, not 200, too large): their misses never
   * wait. Kept as hashes, bounded in bytes: a URL costs the same 43 characters however long it is.
   */
  const unkept = new LRUCache<string, true>({ maxSize: UNKEPT_MAX_BYTES, sizeCalculation: (_value, hash) => keyBytes(hash) + 64, ttl: ttlMs });
  const unkeptHash = (key: string) => createHash('sha256').update(key).digest('base64url');
  /** How many times a request has waited: it looks again after each, and renders itself after MAX_WAITS. */
  const waits = new WeakMap<Request, number>();

  /** Waits for the flight (at most coalesceWaitMs), then looks again, unless the reader has gone. */
  const waitFor = (flight: Flight, req: Request, res: Response, next: NextFunction) => {
    stats.waited += 1;
    waits.set(req, (waits.get(req) ?? 0) + 1);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(resolve, coalesceWaitMs, 'timeout');
    });
    void Promise.race([flight.done, timeout]).then((landing) => {
      clearTimeout(timer);
      // The reader has gone (a read body leaves req destroyed, so the socket is what tells).
      if (req.socket.destroyed || res.writableEnded) return;
      // A slow render, or an answer that cannot be kept: this request renders its own, now.
      if (landing === 'timeout' || landing === 'unkept') waits.set(req, MAX_WAITS);
      middleware(req, res, next);
    });
  };

  /** This miss renders the answer; `land` says how it ended, and wakes the misses that wait for it. */
  const lead = (key: string, res: Response): ((landing: Landing) => void) => {
    let settle!: (landing: Landing) => void;
    const flight: Flight = { generation, done: new Promise<Landing>((resolve) => (settle = resolve)) };
    flights.set(key, flight);
    let landed = false;
    const land = (landing: Landing) => {
      if (landed) return;
      landed = true;
      if (flights.get(key) === flight) flights.delete(key);
      if (landing === 'unkept') unkept.set(unkeptHash(key), true);
      else if (landing === 'stored' && unkept.size > 0) unkept.delete(unkeptHash(key));
      settle(landing);
    };
    // An answer cut short (the reader left, an error) stores nothing; whoever waits looks again.
    res.once('close', () => {
      if (!res.writableEnded) land('dropped');
    });
    return land;
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (!cacheable(req) || bypass?.()) return next();
    const key = keyOf(req);
    const hit = entries.get(key);
    if (hit && isFresh(hit)) return serve(req, res, key, hit);
    const flight = coalesceWaitMs > 0 ? flights.get(key) : undefined;
    if (flight && flight.generation === generation && !unkept.has(unkeptHash(key)) && (waits.get(req) ?? 0) < MAX_WAITS) return waitFor(flight, req, res, next);
    stats.misses += 1;
    res.setHeader('X-Cache', 'MISS');
    let servingStale = false;
    if (staleMs > 0) {
      res.locals.staleIfError = () => {
        const last = entries.get(key, { updateAgeOnGet: false });
        if (!last || res.headersSent || Date.now() - last.storedAt >= ttlMs + staleMs) return false;
        servingStale = true;
        serve(req, res, key, last, true);
        return true;
      };
    }
    // A HEAD answer has no body to keep: it waits for a GET being rendered, but never leads.
    if (req.method === 'HEAD') return next();
    const land = coalesceWaitMs > 0 ? lead(key, res) : () => undefined;

    // Capture the body the route writes (before compression, which wraps these same methods). Whether
    // it may be kept is decided when the route starts answering, before compression adds its headers.
    const started = generation;
    const chunks: Buffer[] = [];
    let size = 0;
    let keep: boolean | undefined;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      keep ??= !servingStale && !res.headersSent && storable(res);
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
      if (keep && !servingStale && started === generation) {
        void store(key, res, Buffer.concat(chunks), started, refetchable(req, key)).then(
          (stored) => land(stored ? 'stored' : 'dropped'),
          () => land('dropped'),
        );
      } else land(keep === false && !servingStale ? 'unkept' : 'dropped');
      return result;
    }) as Response['end'];
    next();
  };

  /**
   * For a cacheable request (null otherwise, or while bypassed): its key, and the fresh answer stored
   * for it if there is one. `peek` leaves the entry's recency as it was.
   */
  const localAnswer = (req: Request, { peek = false } = {}): { key: string; entry: Entry | undefined } | null => {
    if (!cacheable(req) || bypass?.()) return null;
    const key = keyOf(req);
    const entry = peek ? entries.peek(key) : entries.get(key);
    return { key, entry: entry && isFresh(entry) ? entry : undefined };
  };

  /** Keys being compressed: a second miss for the same key meanwhile does not compress it again. */
  const storing = new Set<string>();
  const compressions = pLimit(COMPRESSING_AT_ONCE);
  let queuedBytes = 0;
  const compress = async (identity: Buffer): Promise<[Buffer, Buffer]> => {
    queuedBytes += identity.length;
    let waiting = true;
    try {
      return await compressions(() => {
        waiting = false;
        queuedBytes -= identity.length;
        return Promise.all([
          brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(identity.length), [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
          gzipAsync(identity, { level: 6 }),
        ]);
      });
    } finally {
      if (waiting) queuedBytes -= identity.length;
    }
  };
  const store = async (key: string, res: Response, identity: Buffer, from: number, canRefetch: boolean): Promise<boolean> => {
    if (storing.has(key)) return false;
    // The queue is full: the answer has been served; the next miss of this key may keep it.
    if (queuedBytes + identity.length > COMPRESSION_QUEUE_BYTES) {
      stats.notKept += 1;
      return false;
    }
    storing.add(key);
    try {
      const headers = KEPT_HEADERS.flatMap((name) => {
        const value = res.getHeader(name);
        return value === undefined ? [] : [[name, String(value)] as [string, string]];
      });
      const [br, gz] = await compress(identity);
      // A write while compressing makes this copy stale before it is ever served.
      if (from !== generation) return false;
      const entry: Entry = { status: res.statusCode, headers, identity: null, identityLength: identity.length, br, gzip: gz, generation: from, storedAt: Date.now(), tags: new Set(tagsOfHeaders(headers)), reads: 0, refetchable: canRefetch };
      entries.set(key, entry);
      stats.stored += 1;
      onStore?.(key, entry, res);
      return true;
    } finally {
      storing.delete(key);
    }
  };

  return {
    middleware,
    invalidate() {
      generation += 1;
      clearedAt = generation;
      // A page that could not be kept (a 404 before its article was published) may be keepable now.
      unkept.clear();
      // Without stale-if-error nothing stored before now can be served again: free the memory.
      if (staleMs === 0) entries.clear();
    },
    purge(tags) {
      if (tags.includes(ALL_TAG)) {
        const dropped = entries.size;
        this.invalidate();
        return { dropped, read: [] };
      }
      // A render under way may have read what changed: it is not kept (see `store`).
      generation += 1;
      unkept.clear();
      const wanted = new Set(tags);
      const dropped: string[] = [];
      const refetchable: { url: string; reads: number }[] = [];
      for (const [key, entry] of entries.entries()) {
        if (entry.purged || entry.generation < clearedAt) continue;
        if (entry.tags.has(ALL_TAG) || [...entry.tags].some((tag) => wanted.has(tag))) {
          dropped.push(key);
          if (entry.refetchable) refetchable.push({ url: urlOfPlainGetKey(key), reads: entry.reads });
        }
      }
      for (const key of dropped) {
        // Kept as the last good copy while stale-if-error may still serve it.
        if (staleMs > 0) {
          const entry = entries.peek(key);
          if (entry) entry.purged = true;
        } else entries.delete(key);
      }
      // Most read first; among equals, most recently used first (the order entries() walks them, kept by a stable sort).
      return { dropped: dropped.length, read: refetchable.sort((a, b) => b.reads - a.reads).map(({ url }) => url) };
    },
    lookup(req) {
      const local = localAnswer(req);
      if (!local || local.entry) return null;
      const { key } = local;
      const asked = generation;
      return {
        key,
        admit(answer) {
          if (asked !== generation || Date.now() - answer.storedAt >= ttlMs) return;
          entries.set(key, { ...answer, identity: null, generation, tags: new Set(tagsOfHeaders(answer.headers)), reads: 0, refetchable: refetchable(req, key) });
        },
      };
    },
    landed(url) {
      return flights.get(plainGetKey(url))?.done ?? Promise.resolve();
    },
    holds(req) {
      return localAnswer(req, { peek: true })?.entry !== undefined;
    },
    held(req) {
      const local = localAnswer(req);
      const entry = local?.entry;
      return local && entry ? { answer: (res) => serve(req, res, local.key, entry), answerWith: (res, lists, perRequest) => serveLean(req, res, local.key, entry, lists, perRequest) } : null;
    },
    stats,
    memory() {
      return { entries: entries.size, bytes: entries.calculatedSize, unkeptKeys: unkept.size, unkeptBytes: unkept.calculatedSize };
    },
  };
}
