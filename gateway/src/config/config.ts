import { z } from 'zod';
import { type DatabaseTarget, DEFAULT_POOL_SETTINGS, parseDatabaseUrl, type PoolSettings } from '../../../schema/src/index.js';

/**
 * A whole-number setting whose every refusal names the rule it broke: not a number, not whole,
 * below the minimum, above the maximum (a schema-wide message would hide which).
 */
function wholeNumber(name: string, unit: string, min: number, max: number) {
  return z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? `${name} must be a whole number of ${unit}, from ${min} to ${max}` : undefined) })
    .int(`${name} must be a whole number of ${unit}, from ${min} to ${max}`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);
}

/** A text setting whose refusals name its length rule. */
function text(name: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min, min === 1 ? `${name} must not be blank` : `${name} must be at least ${min} characters`)
    .max(max, `${name} must be at most ${max} characters`);
}

/** A choice among fixed values; the refusal lists them. */
function oneOf<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` });
}

/** The brand's own domain (.env.example): what is for sale when SITE_URL is a loopback address. */
export const BRAND_DOMAIN = 'austechnews.com.au';
/** The largest asking price or minimum offer a setting may hold: a billion dollars, whole dollars only. */
export const MAX_SALE_AUD = 1_000_000_000;
/** Request limits go this high: a site behind a CDN that limits, or a benchmark, sets one that never stops it. */
const MAX_REQUESTS_PER_MINUTE = 1_000_000_000;
/** Web Vitals reports one address may send a minute by default: a reader's pages send one or two each. */
export const VITALS_REPORTS_PER_MINUTE = 30;

/** localhost, *.localhost, 127.x.x.x, ::1 and 0.0.0.0: names that are nobody's domain. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0.0.0.0';
}

/** A domain name as typed (any case, an optional trailing dot): lower case, labels of letters, digits and inner hyphens, with a TLD. */
const DOMAIN_NAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The in-process caches' memory by database (decision 135). With PGlite the whole PostgreSQL lives
 * in the server's process too: a response cache filled by unique URLs took the server past its
 * 350 MB bound, and covers rendered in every variant could add as much again. Response cache entries
 * keep their compressed copies only until a client asks for the uncompressed one, so 8 MB holds
 * about a thousand pages; 16 MB of covers hold every variant of some twenty covers.
 * RESPONSE_CACHE_MB replaces the first.
 */
export const CACHE_DEFAULT_MB: Record<DatabaseTarget['kind'], { responses: number; covers: number }> = {
  pglite: { responses: 8, covers: 16 },
  postgres: { responses: 64, covers: 64 },
};

/** Every setting the server reads, validated once at boot. Only `publicConfig` reaches the browser. */
const envSchema = z.object({
  NODE_ENV: oneOf('NODE_ENV', ['development', 'production', 'test']).default('development'),
  HOST: text('HOST', 1, 255).default('0.0.0.0'),
  PORT: wholeNumber('PORT', 'a TCP port', 0, 65535).default(3000),
  DATABASE_URL: z.string().optional(),
  DATABASE_REPLICA_URLS: z.string().optional(),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: 'SITE_URL must be an absolute http(s) URL, e.g. https://technews.example.au' })
    .default('http://localhost:3000')
    .transform((value) => value.replace(/\/+$/, '')),
  SITE_NAME: text('SITE_NAME', 1, 60).default('AusTech News'),
  CONTACT_EMAIL: z.email({ error: 'CONTACT_EMAIL must be an email address' }).default('editor@austechnews.com.au'),
  CONTACT_PHONE: text('CONTACT_PHONE', 6, 30).default('+61 2 8000 0000'),
  // The domain for sale (default: SITE_URL's host, or the brand's domain when that is a loopback name).
  SALE_DOMAIN: z
    .string()
    .trim()
    .transform((value) => value.toLowerCase().replace(/\.$/, ''))
    .refine((value) => DOMAIN_NAME.test(value), 'SALE_DOMAIN must be a domain name such as austechnews.com.au (no scheme, path or port)')
    .optional(),
  // Asking terms in whole Australian dollars: a Buy-Now price, a minimum offer, or neither ("Make an offer").
  SALE_PRICE_AUD: wholeNumber('SALE_PRICE_AUD', 'Australian dollars', 1, MAX_SALE_AUD).optional(),
  SALE_MIN_OFFER_AUD: wholeNumber('SALE_MIN_OFFER_AUD', 'Australian dollars', 1, MAX_SALE_AUD).optional(),
  ADMIN_TOKEN: z
    .string()
    .min(24, 'ADMIN_TOKEN must be at least 24 characters (admin access stays off when it is unset)')
    .optional(),
  LOG_LEVEL: oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: oneOf('LOG_FORMAT', ['auto', 'json', 'pretty']).default('auto'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/,\s]+|loopback|linklocal|uniquelocal)$/, 'TRUST_PROXY must be true, false, a hop count, or a comma-separated list of proxy addresses/subnets')
    .default('false'),
  API_RATE_LIMIT: wholeNumber('API_RATE_LIMIT', 'requests per minute', 1, MAX_REQUESTS_PER_MINUTE).default(600),
  // Requests a minute with a partner's API key (X-Api-Key) that has no limit of its own.
  API_KEY_RATE_LIMIT: wholeNumber('API_KEY_RATE_LIMIT', 'requests per minute', 1, MAX_REQUESTS_PER_MINUTE).default(1_000),
  CONTACT_RATE_LIMIT: wholeNumber('CONTACT_RATE_LIMIT', 'messages per hour', 1, 100_000).default(10),
  // Signs the newsletter's confirmation, unsubscribe and preference links (decision 095).
  NEWSLETTER_SECRET: z.string().min(32, 'NEWSLETTER_SECRET must be at least 32 characters').optional(),
  // Signs the newsroom's preview URLs of covers readers cannot load yet (one value for every process).
  PREVIEW_SECRET: z.string().min(32, 'PREVIEW_SECRET must be at least 32 characters').optional(),
  NEWSLETTER_RATE_LIMIT: wholeNumber('NEWSLETTER_RATE_LIMIT', 'subscription requests per hour', 1, 100_000).default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: text('MAIL_FROM', 3, 200).optional(),
  SHUTDOWN_GRACE_MS: wholeNumber('SHUTDOWN_GRACE_MS', 'milliseconds', 0, 60_000).default(1_000),
  SHUTDOWN_TIMEOUT_MS: wholeNumber('SHUTDOWN_TIMEOUT_MS', 'milliseconds', 100, 120_000).default(10_000),
  PAGE_RATE_LIMIT: wholeNumber('PAGE_RATE_LIMIT', 'requests per minute', 1, MAX_REQUESTS_PER_MINUTE).default(1_200),
  // Web Vitals reports one address may send a minute, so one client cannot outweigh the readers.
  VITALS_RATE_LIMIT: wholeNumber('VITALS_RATE_LIMIT', 'reports per minute', 1, MAX_REQUESTS_PER_MINUTE).default(VITALS_REPORTS_PER_MINUTE),
  // Slow clients: how long a whole request may take to arrive, its headers alone, and an idle kept-alive connection.
  REQUEST_TIMEOUT_MS: wholeNumber('REQUEST_TIMEOUT_MS', 'milliseconds', 100, 600_000).default(30_000),
  HEADERS_TIMEOUT_MS: wholeNumber('HEADERS_TIMEOUT_MS', 'milliseconds', 100, 600_000).default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: wholeNumber('KEEP_ALIVE_TIMEOUT_MS', 'milliseconds', 0, 600_000).default(5_000),
  MAX_CONNECTIONS: wholeNumber('MAX_CONNECTIONS', 'connections', 1, 1_000_000).default(1_000),
  // Open connections one client address may hold (0: no cap); off behind a trusted proxy, whose address every reader shares.
  MAX_CONNECTIONS_PER_ADDRESS: wholeNumber('MAX_CONNECTIONS_PER_ADDRESS', 'connections', 0, 1_000_000).default(100),
  // Server-side renders of uncached pages at once, and how many may wait; beyond, a static 503 page.
  PAGE_RENDER_CONCURRENCY: wholeNumber('PAGE_RENDER_CONCURRENCY', 'renders', 1, 1_000).default(8),
  PAGE_RENDER_QUEUE: wholeNumber('PAGE_RENDER_QUEUE', 'waiting renders', 0, 10_000).default(16),
  SERVE_SOURCE_MAPS: oneOf('SERVE_SOURCE_MAPS', ['true', 'false']).optional(),
  RESPONSE_CACHE_TTL_SECONDS: wholeNumber('RESPONSE_CACHE_TTL_SECONDS', 'seconds (0 turns the cache off)', 0, 86_400).default(60),
  // s-maxage of every public read: writes purge by cache tag, so shared caches may keep answers a day.
  SHARED_CACHE_SECONDS: wholeNumber('SHARED_CACHE_SECONDS', 'seconds', 1, 31_536_000).default(86_400),
  // Defaults per database (CACHE_DEFAULT_MB) when unset.
  RESPONSE_CACHE_MB: wholeNumber('RESPONSE_CACHE_MB', 'megabytes', 1, 4_096).optional(),
  // Stale-if-error: how old a kept copy may be and still be served while the database is unreachable.
  RESPONSE_CACHE_STALE_SECONDS: wholeNumber('RESPONSE_CACHE_STALE_SECONDS', 'seconds (0 serves no stale copy)', 0, 604_800).default(86_400),
  // The database pool: defaults per database (schema's DEFAULT_POOL_SETTINGS) when unset.
  DATABASE_POOL_SIZE: wholeNumber('DATABASE_POOL_SIZE', 'connections', 1, 1_000).optional(),
  DATABASE_ACQUIRE_TIMEOUT_MS: wholeNumber('DATABASE_ACQUIRE_TIMEOUT_MS', 'milliseconds', 100, 120_000).optional(),
  DATABASE_QUEUE_LIMIT: wholeNumber('DATABASE_QUEUE_LIMIT', 'waiting requests', 0, 100_000).optional(),
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber('DATABASE_CONNECT_TIMEOUT_MS', 'milliseconds', 100, 60_000).optional(),
  // A statement running longer is cancelled (503); a connection silent a second past it is dropped (503).
  DATABASE_QUERY_TIMEOUT_MS: wholeNumber('DATABASE_QUERY_TIMEOUT_MS', 'milliseconds', 100, 600_000).default(5_000),
  // Several processes: rate limits, the response cache and its invalidation shared through Redis.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, 'REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379/0')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'REDIS_KEY_PREFIX must be 1 to 40 letters, digits, dots, dashes or underscores')
    .default('technews'),
  // The caching proxies in front (Varnish with xkey): every write's cache tags are purged there too.
  PROXY_PURGE_URLS: z
    .string()
    .regex(/^\s*https?:\/\/[^\s,]+(\s*,\s*https?:\/\/[^\s,]+)*\s*$/, 'PROXY_PURGE_URLS must be http:// URLs separated by commas, e.g. http://proxy:80/')
    .optional(),
  // Feed ingestion (decision 022): these feeds' new items become drafts every INGEST_INTERVAL_MINUTES.
  INGEST_FEEDS: z.string().optional(),
  INGEST_INTERVAL_MINUTES: wholeNumber('INGEST_INTERVAL_MINUTES', 'minutes', 1, 1_440).default(60),
  // The owner's content-use signals for crawlers, written in robots.txt (contentsignals.org): e.g. search=yes,ai-input=yes,ai-train=no.
  ROBOTS_CONTENT_SIGNALS: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim().toLowerCase().replace(/\s*=\s*/, '=')).filter(Boolean))
    .refine(
      (parts) => parts.length > 0 && parts.every((part) => /^(search|ai-input|ai-train)=(yes|no)$/.test(part)) && new Set(parts.map((p) => p.split('=')[0])).size === parts.length,
      'ROBOTS_CONTENT_SIGNALS must be comma-separated search, ai-input or ai-train, each =yes or =no, once each (e.g. search=yes,ai-input=yes,ai-train=no)',
    )
    .optional(),
  // A WebSub hub the feeds name (rel="hub") and every publish pings; unset: none.
  WEBSUB_HUB_URL: z.url({ protocol: /^https?$/, error: 'WEBSUB_HUB_URL must be an absolute http(s) URL' }).optional(),
  // Tests only: lets ActivityPub fetch and deliver to peers on loopback and private addresses.
  ACTIVITYPUB_ALLOW_LOOPBACK: oneOf('ACTIVITYPUB_ALLOW_LOOPBACK', ['true', 'false']).default('false'),
  // Tests only: the newsletter digests are timed by the instant written in this file (read again when it
  // changes; real time while it is empty or absent), so a test can bring the next morning; pages keep real time.
  NEWSLETTER_CLOCK_FILE: z.string().min(1).optional(),
  // Fediverse servers whose activities the inboxes refuse (their subdomains too): comma-separated domain names.
  ACTIVITYPUB_BLOCKED_SERVERS: z
    .string()
    .transform((value) => [...new Set(value.split(',').map((d) => d.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean))])
    .refine((domains) => domains.length <= 1_000 && domains.every((d) => DOMAIN_NAME.test(d)), 'ACTIVITYPUB_BLOCKED_SERVERS must be comma-separated domain names such as spam.example (at most 1,000)')
    .optional(),
});

/** Express's `trust proxy` value from TRUST_PROXY. */
function trustProxyValue(raw: string): boolean | number | string[] {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database: DatabaseTarget;
  /** Connections, acquire timeout, wait queue and connect timeout (defaults per database). */
  pool: PoolSettings;
  siteUrl: string;
  siteName: string;
  contactEmail: string;
  contactPhone: string;
  /** The domain for sale and its asking terms (null: not set). */
  sale: SaleTerms;
  adminToken: string | null;
  logLevel: z.output<typeof envSchema>['LOG_LEVEL'];
  /** auto: human-readable when stdout is a terminal, JSON lines otherwise. */
  logFormat: 'auto' | 'json' | 'pretty';
  trustProxy: boolean | number | string[];
  apiRateLimitPerMinute: number;
  /** Requests a minute with a partner API key whose own limit is unset (per key, not per client). */
  apiKeyRateLimitPerMinute: number;
  contactRateLimitPerHour: number;
  /** The link secret (null outside production without SMTP: one per process) and subscription requests per client an hour. */
  newsletter: { secret: string | null; ratePerHour: number; /** Tests only: the digests' time comes from this file. */ clockFile: string | null };
  /** PREVIEW_SECRET: null signs previews with a key of this process only. */
  previewSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  shutdownGraceMs: number;
  shutdownTimeoutMs: number;
  /** Pages, feeds, sitemaps and files per client per minute (everything but /api, /graphql, /media and health). */
  pageRateLimitPerMinute: number;
  /** Web Vitals reports per address a minute (VITALS_RATE_LIMIT). */
  vitalsRateLimitPerMinute: number;
  /** Limits of the HTTP server against slow or hoarding clients. */
  http: HttpLimits;
  /** Uncached pages rendered at once and waiting for a render; one more gets the static busy page (503). */
  pageRenders: { running: number; waiting: number };
  /** Serve the client bundle's *.map files (default: outside production only). */
  serveSourceMaps: boolean;
  /** 0: no response cache. */
  responseCacheTtlMs: number;
  responseCacheBytes: number;
  /** Rendered cover variants kept in memory. */
  coverCacheBytes: number;
  /** How old a kept copy may be and still be served while the database is unreachable (0: never). */
  responseCacheStaleMs: number;
  /** s-maxage of every public read (purged by tag on writes). */
  sharedCacheSeconds: number;
  /** Shared state for several processes (limits, cache, invalidation); null: this process alone. */
  redis: { url: string; keyPrefix: string } | null;
  /** Proxies told of every purge (PURGE with xkey-purge); empty: none. */
  proxyPurgeUrls: string[];
  /** Feeds ingested periodically, one process at a time; null: none (INGEST_FEEDS unset). */
  ingest: IngestSettings | null;
  /** The Content-Signal line of robots.txt (`search=yes, ai-train=no`); null: none. */
  contentSignals: string | null;
  /** The WebSub hub feeds name and publishes ping; null: none. */
  websubHubUrl: string | null;
  /** ActivityPub (decision 101): remote peers on private addresses are refused unless a test allows them. */
  activityPub: { allowLoopback: boolean; blockedServers: string[] };
}

export interface IngestSettings {
  feeds: string[];
  intervalMs: number;
}

/** The most feeds INGEST_FEEDS may name: one run reads them in turn, each with its own timeout. */
export const MAX_INGEST_FEEDS = 50;

/** INGEST_FEEDS as a list of distinct http(s) URLs, or the problems with it. */
function ingestFeeds(raw: string | undefined): { feeds: string[]; problems: string[] } {
  const feeds = [...new Set((raw ?? '').split(',').map((u) => u.trim()).filter(Boolean))];
  const problems: string[] = [];
  const bad = feeds.find((u) => {
    try {
      const url = new URL(u);
      return (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || Boolean(url.username || url.password);
    } catch {
      return true;
    }
  });
  if (bad !== undefined) problems.push(`INGEST_FEEDS must be comma-separated http:// or https:// feed URLs without credentials (not "${bad.slice(0, 100)}")`);
  if (feeds.length > MAX_INGEST_FEEDS) problems.push(`INGEST_FEEDS must name at most ${MAX_INGEST_FEEDS} feeds`);
  return { feeds, problems };
}

export interface SaleTerms {
  domain: string;
  /** Buy-Now price in whole AUD, or null. */
  priceAud: number | null;
  /** The least offer accepted in whole AUD, or null. */
  minOfferAud: number | null;
}

export interface HttpLimits {
  /** The whole request (headers and body) must arrive within this time, or 408 and the connection closes. */
  requestTimeoutMs: number;
  /** The headers must arrive within this time (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** A kept-alive connection with no request closes after this time. */
  keepAliveTimeoutMs: number;
  /** Connections beyond this many are closed as they arrive. */
  maxConnections: number;
  /** Connections from one address beyond this many are closed as they arrive (0: no cap). */
  maxConnectionsPerAddress: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings (from .env templates) mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        // Messages that start with the setting's name read as a sentence on their own.
        return issue.message.startsWith(`${name} `) ? issue.message : `${name}: ${issue.message}`;
      });
  let database: DatabaseTarget | undefined;
  try {
    database = parseDatabaseUrl(cleaned.DATABASE_URL);
  } catch (error) {
    problems.push(`DATABASE_URL: ${(error as Error).message}`);
  }
  if (parsed.success && parsed.data.HEADERS_TIMEOUT_MS > parsed.data.REQUEST_TIMEOUT_MS) {
    problems.push('HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS (the headers are part of the request)');
  }
  if (database && cleaned.DATABASE_REPLICA_URLS) {
    const replicaUrls = cleaned.DATABASE_REPLICA_URLS.split(',').map((u) => u.trim()).filter(Boolean);
    if (database.kind !== 'postgres') problems.push('DATABASE_REPLICA_URLS: read replicas need DATABASE_URL to be a postgres:// URL (the primary)');
    else if (!replicaUrls.every((u) => /^postgres(ql)?:\/\/\S+$/.test(u))) problems.push('DATABASE_REPLICA_URLS must be comma-separated postgres:// URLs');
    else if (replicaUrls.length) database = { ...database, replicaUrls };
  }
  if (parsed.success && database?.kind === 'pglite' && parsed.data.DATABASE_POOL_SIZE !== undefined && parsed.data.DATABASE_POOL_SIZE !== 1) {
    problems.push('DATABASE_POOL_SIZE: must be 1 with the embedded database (PGlite is one in-process session); it sets PostgreSQL connections');
  }
  if (parsed.success && parsed.data.SALE_PRICE_AUD !== undefined && parsed.data.SALE_MIN_OFFER_AUD !== undefined && parsed.data.SALE_MIN_OFFER_AUD > parsed.data.SALE_PRICE_AUD) {
    problems.push('SALE_MIN_OFFER_AUD: must not exceed SALE_PRICE_AUD (an offer of the Buy-Now price is always accepted)');
  }
  if (parsed.success && parsed.data.NODE_ENV === 'production' && parsed.data.SMTP_URL && !parsed.data.NEWSLETTER_SECRET) {
    problems.push('NEWSLETTER_SECRET: required in production with SMTP_URL (it signs the links of every newsletter e-mail)');
  }
  // A production build whose own address is loopback is a test's (the browser tests): nobody's domain to protect.
  if (parsed.success && parsed.data.NODE_ENV === 'production' && parsed.data.ACTIVITYPUB_ALLOW_LOOPBACK === 'true' && !isLoopbackHost(new URL(parsed.data.SITE_URL).hostname)) {
    problems.push('ACTIVITYPUB_ALLOW_LOOPBACK: only for tests (a SITE_URL on a loopback address); production reaches public addresses only');
  }
  if (parsed.success && parsed.data.NODE_ENV === 'production' && parsed.data.NEWSLETTER_CLOCK_FILE && !isLoopbackHost(new URL(parsed.data.SITE_URL).hostname)) {
    problems.push('NEWSLETTER_CLOCK_FILE: only for tests (a SITE_URL on a loopback address); production digests keep real time');
  }
  const ingest = ingestFeeds(cleaned.INGEST_FEEDS);
  problems.push(...ingest.problems);
  if (!parsed.success || !database || problems.length) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  const c = parsed.data;
  const poolDefaults = DEFAULT_POOL_SETTINGS[database.kind];
  const cacheDefaults = CACHE_DEFAULT_MB[database.kind];
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    database,
    pool: {
      size: c.DATABASE_POOL_SIZE ?? poolDefaults.size,
      acquireTimeoutMs: c.DATABASE_ACQUIRE_TIMEOUT_MS ?? poolDefaults.acquireTimeoutMs,
      queueLimit: c.DATABASE_QUEUE_LIMIT ?? poolDefaults.queueLimit,
      connectTimeoutMs: c.DATABASE_CONNECT_TIMEOUT_MS ?? poolDefaults.connectTimeoutMs,
      queryTimeoutMs: c.DATABASE_QUERY_TIMEOUT_MS,
    },
    siteUrl: c.SITE_URL,
    siteName: c.SITE_NAME,
    contactEmail: c.CONTACT_EMAIL,
    contactPhone: c.CONTACT_PHONE,
    sale: {
      domain: c.SALE_DOMAIN ?? defaultSaleDomain(c.SITE_URL),
      priceAud: c.SALE_PRICE_AUD ?? null,
      minOfferAud: c.SALE_MIN_OFFER_AUD ?? null,
    },
    adminToken: c.ADMIN_TOKEN ?? null,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    trustProxy: trustProxyValue(c.TRUST_PROXY),
    apiRateLimitPerMinute: c.API_RATE_LIMIT,
    apiKeyRateLimitPerMinute: c.API_KEY_RATE_LIMIT,
    contactRateLimitPerHour: c.CONTACT_RATE_LIMIT,
    newsletter: { secret: c.NEWSLETTER_SECRET ?? null, ratePerHour: c.NEWSLETTER_RATE_LIMIT, clockFile: c.NEWSLETTER_CLOCK_FILE ?? null },
    previewSecret: c.PREVIEW_SECRET ?? null,
    smtpUrl: c.SMTP_URL ?? null,
    mailFrom: c.MAIL_FROM ?? `${c.SITE_NAME} <no-reply@${new URL(c.SITE_URL).hostname}>`,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    pageRateLimitPerMinute: c.PAGE_RATE_LIMIT,
    vitalsRateLimitPerMinute: c.VITALS_RATE_LIMIT,
    http: {
      requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: c.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: c.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: c.MAX_CONNECTIONS,
      maxConnectionsPerAddress: trustProxyValue(c.TRUST_PROXY) === false || trustProxyValue(c.TRUST_PROXY) === 0 ? c.MAX_CONNECTIONS_PER_ADDRESS : 0,
    },
    pageRenders: { running: c.PAGE_RENDER_CONCURRENCY, waiting: c.PAGE_RENDER_QUEUE },
    serveSourceMaps: c.SERVE_SOURCE_MAPS === undefined ? c.NODE_ENV !== 'production' : c.SERVE_SOURCE_MAPS === 'true',
    responseCacheTtlMs: c.RESPONSE_CACHE_TTL_SECONDS * 1_000,
    responseCacheBytes: (c.RESPONSE_CACHE_MB ?? cacheDefaults.responses) * 1024 * 1024,
    coverCacheBytes: cacheDefaults.covers * 1024 * 1024,
    responseCacheStaleMs: c.RESPONSE_CACHE_STALE_SECONDS * 1_000,
    sharedCacheSeconds: c.SHARED_CACHE_SECONDS,
    redis: c.REDIS_URL ? { url: c.REDIS_URL, keyPrefix: c.REDIS_KEY_PREFIX } : null,
    proxyPurgeUrls: c.PROXY_PURGE_URLS ? c.PROXY_PURGE_URLS.split(',').map((url) => url.trim()) : [],
    ingest: ingest.feeds.length ? { feeds: ingest.feeds, intervalMs: c.INGEST_INTERVAL_MINUTES * 60_000 } : null,
    contentSignals: c.ROBOTS_CONTENT_SIGNALS?.join(', ') ?? null,
    websubHubUrl: c.WEBSUB_HUB_URL ?? null,
    activityPub: { allowLoopback: c.ACTIVITYPUB_ALLOW_LOOPBACK === 'true', blockedServers: c.ACTIVITYPUB_BLOCKED_SERVERS ?? [] },
  };
}

/** SITE_URL's host name, unless it is a loopback name: then the brand's domain. */
export function defaultSaleDomain(siteUrl: string): string {
  const { hostname } = new URL(siteUrl);
  return isLoopbackHost(hostname) ? BRAND_DOMAIN : hostname.toLowerCase();
}

/** The allowlist of settings the web app may see. */
export function publicConfig(config: Config) {
  return {
    siteUrl: config.siteUrl,
    siteName: config.siteName,
    contactEmail: config.contactEmail,
    contactPhone: config.contactPhone,
    saleDomain: config.sale.domain,
    salePriceAud: config.sale.priceAud,
    saleMinOfferAud: config.sale.minOfferAud,
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
