import dns, { type LookupAddress } from 'node:dns';
import { readFile, stat } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { FeedFetchError } from './ingest-errors.js';

export interface FeedFetchOptions {
  /** The whole fetch, redirects and body included (default 15 s). */
  timeoutMs?: number;
  /** The most bytes read, after decompression (default 5 MB). */
  maxBytes?: number;
  /** Redirects followed, each checked like the first address (default 5). */
  maxRedirects?: number;
  /**
   * Fetch from non-public addresses too: all of them (true) or only those listed. Off everywhere
   * but tests that serve fixture feeds on loopback: a feed URL must never reach the server's own
   * network (SSRF).
   */
  allowPrivateAddresses?: boolean | readonly string[];
  /** Stops the fetch (the server's job on shutdown). */
  signal?: AbortSignal;
  /** What is asked for (default feeds: RSS, Atom, XML). */
  accept?: string;
  /** Who asks (default the feed ingester). */
  userAgent?: string;
  /** Headers sent besides (a signature), over the ones above. */
  headers?: Record<string, string>;
}

export interface FetchedFeed {
  /** Where the document came from: the final URL after redirects, or the file's path. */
  source: string;
  /** For resolving relative links: the final URL (none for a file). */
  baseUrl?: string;
  body: string;
  /** The answer's Content-Type and Link headers (fetched over http only). */
  contentType?: string;
  link?: string;
}

export const FEED_FETCH_DEFAULTS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 } as const;

/**
 * Addresses that are not on the public internet: "this network", private (RFC 1918), CGNAT,
 * loopback, link-local, IETF protocol assignments, documentation and benchmarking ranges,
 * multicast, reserved and broadcast; IPv6 unspecified, loopback, IPv4-mapped and translated
 * (they can name any IPv4 address), 6to4 and Teredo (likewise), discard, documentation,
 * unique local, link-local and multicast.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 32],
  ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

// Checked apart: a BlockList matches every IPv4 address against an IPv4-mapped IPv6 rule.
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** Whether an IP address is on the public internet (false for anything that is not an address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  try {
    if (family === 6 && IPV4_MAPPED.check(address, 'ipv6')) return false;
    return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
  } catch {
    // Called from inside the resolver's callback: an address it cannot judge is refused, never thrown.
    return false;
  }
}

function refusedAddress(host: string, address: string): FeedFetchError {
  return new FeedFetchError(`Refused ${host}: ${address} is not a public address`, 'address');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Which addresses a fetch may connect to: public ones, and those the options allow. */
type AddressCheck = (address: string) => boolean;

function addressCheck(allowed: FeedFetchOptions['allowPrivateAddresses']): AddressCheck {
  if (allowed === true) return () => true;
  const listed = new Set(Array.isArray(allowed) ? allowed : []);
  return (address) => isPublicAddress(address) || listed.has(address);
}

/**
 * The resolver the connection uses: every address a name resolves to must be permitted, checked
 * on the very lookup the socket connects with (no second resolution to rebind in between).
 */
const checkedLookup = (permitted: AddressCheck) => (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => !permitted(a.address));
    if (refused) return callback(refusedAddress(hostname, refused.address) as NodeJS.ErrnoException, []);
    if (options.all) return callback(null, addresses);
    const [chosen] = addresses;
    if (!chosen) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, chosen.address, chosen.family);
  });
};

/** An http(s) URL without credentials whose literal address, if it is one, is permitted. */
function checkedUrl(raw: string, permitted: AddressCheck): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedFetchError(`Not a URL: ${raw.slice(0, 200)}`, 'scheme');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedFetchError(`Refused ${url.protocol} URL: feeds are fetched over http or https only`, 'scheme');
  if (url.username || url.password) throw new FeedFetchError('Refused a URL with credentials in it', 'scheme');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup: checked here.
  if (isIP(host) && !permitted(host)) throw refusedAddress(url.hostname, host);
  return url;
}

/** The text of a document in its declared encoding (Content-Type, then the XML declaration), else UTF-8. */
function decode(bytes: Buffer, contentType?: string): string {
  const declared =
    /charset=["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ?? /^\s*<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(bytes.subarray(0, 256).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function tooLarge(maxBytes: number): FeedFetchError {
  return new FeedFetchError(`Feed larger than ${maxBytes} bytes: stopped reading`, 'too-large');
}

/** The body, decompressed, stopping (and failing) past maxBytes. */
async function readCapped(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declaredLength = Number(response.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
  let stream: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());
  // A decompressor is not told when its source fails or the deadline passes: tell it, or it waits forever.
  const stop = () => stream.destroy(new Error('aborted'));
  if (stream !== response) response.on('error', (error) => stream.destroy(error));
  signal.addEventListener('abort', stop, { once: true });
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk as Buffer);
    }
  } finally {
    signal.removeEventListener('abort', stop);
    response.destroy();
    if (stream !== response) stream.destroy();
  }
  return Buffer.concat(chunks);
}

const FEED_ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';
const FEED_USER_AGENT = 'AusTechNews-FeedIngest/1.0';

function request(url: URL, permitted: AddressCheck, signal: AbortSignal, asking: { accept: string; userAgent: string; headers?: Record<string, string> }): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      signal,
      // A fresh connection per fetch: a kept-alive socket would skip the address check.
      agent: false,
      lookup: checkedLookup(permitted),
      headers: {
        accept: asking.accept,
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': asking.userAgent,
        ...asking.headers,
      },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/**
 * A feed over http(s): only public addresses (unless allowed), redirects followed and each
 * re-checked, one deadline for the whole fetch, and at most maxBytes read. The federation fetches
 * remote actors and keys by the same rules, asking for their own types.
 */
export async function fetchFeed(rawUrl: string, options: FeedFetchOptions = {}): Promise<FetchedFeed> {
  const { timeoutMs, maxBytes, maxRedirects } = { ...FEED_FETCH_DEFAULTS, ...options };
  const permitted = addressCheck(options.allowPrivateAddresses);
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let url = checkedUrl(rawUrl, permitted);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await request(url, permitted, signal, { accept: options.accept ?? FEED_ACCEPT, userAgent: options.userAgent ?? FEED_USER_AGENT, headers: options.headers });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        if (redirects >= maxRedirects) throw new FeedFetchError(`More than ${maxRedirects} redirects from ${rawUrl.slice(0, 200)}`, 'redirects');
        url = checkedUrl(new URL(location, url).toString(), permitted);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new FeedFetchError(`${url.host} answered HTTP ${status}`, 'status');
      }
      const body = await readCapped(response, maxBytes, signal);
      const link = response.headers.link;
      return {
        source: url.toString(),
        baseUrl: url.toString(),
        body: decode(body, response.headers['content-type']),
        contentType: response.headers['content-type'],
        link: Array.isArray(link) ? link.join(', ') : link,
      };
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    if (deadline.aborted) throw new FeedFetchError(`No complete answer from ${url.host} within ${timeoutMs} ms`, 'timeout');
    if (options.signal?.aborted) throw new FeedFetchError('Fetch stopped', 'network');
    throw new FeedFetchError(`Could not fetch from ${url.host}: ${(error as Error).message}`, 'network');
  }
}

/** A feed document from a file, at most maxBytes. */
export async function readFeedFile(path: string, options: Pick<FeedFetchOptions, 'maxBytes'> = {}): Promise<FetchedFeed> {
  const maxBytes = options.maxBytes ?? FEED_FETCH_DEFAULTS.maxBytes;
  const info = await stat(path).catch(() => null);
  if (!info) throw new FeedFetchError(`No such file: ${path}`, 'file');
  if (!info.isFile()) throw new FeedFetchError(`Not a file: ${path}`, 'file');
  if (info.size > maxBytes) throw tooLarge(maxBytes);
  return { source: path, body: decode(await readFile(path)) };
}

/** A URL (with a scheme) is fetched, anything else is read as a file path. */
export function readFeedSource(source: string, options: FeedFetchOptions = {}): Promise<FetchedFeed> {
  return /^[a-z][a-z0-9+.-]+:/i.test(source) ? fetchFeed(source, options) : readFeedFile(source, options);
}
