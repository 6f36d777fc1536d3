import { z } from 'zod';
import { type DatabaseTarget, parseDatabaseUrl } from '../../../schema/src/index.js';

/** Every setting the server reads, validated once at boot. Only `publicConfig` reaches the browser. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional(),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: 'SITE_URL must be an absolute http(s) URL, e.g. https://technews.example.au' })
    .default('http://localhost:3000')
    .transform((value) => value.replace(/\/+$/, '')),
  SITE_NAME: z.string().trim().min(1).max(60).default('AusTech News'),
  CONTACT_EMAIL: z.email({ error: 'CONTACT_EMAIL must be an email address' }).default('editor@austechnews.com.au'),
  CONTACT_PHONE: z.string().trim().min(6).max(30).default('+61 2 8000 0000'),
  ADMIN_TOKEN: z
    .string()
    .min(24, 'ADMIN_TOKEN must be at least 24 characters (admin access stays off when it is unset)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/,\s]+|loopback|linklocal|uniquelocal)$/, 'TRUST_PROXY must be true, false, a hop count, or a comma-separated list of proxy addresses/subnets')
    .default('false'),
  API_RATE_LIMIT: z.coerce.number({ error: 'API_RATE_LIMIT must be a number of requests per minute' }).int().min(1).max(1_000_000).default(600),
  CONTACT_RATE_LIMIT: z.coerce.number({ error: 'CONTACT_RATE_LIMIT must be a number of messages per hour' }).int().min(1).max(100_000).default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  PAGE_RATE_LIMIT: z.coerce.number({ error: 'PAGE_RATE_LIMIT must be a number of requests per minute' }).int().min(1).max(1_000_000).default(1_200),
  // Slow clients: how long a whole request may take to arrive, its headers alone, and an idle kept-alive connection.
  REQUEST_TIMEOUT_MS: z.coerce.number({ error: 'REQUEST_TIMEOUT_MS must be a number of milliseconds' }).int().min(100).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number({ error: 'HEADERS_TIMEOUT_MS must be a number of milliseconds' }).int().min(100).max(600_000).default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number({ error: 'KEEP_ALIVE_TIMEOUT_MS must be a number of milliseconds' }).int().min(0).max(600_000).default(5_000),
  MAX_CONNECTIONS: z.coerce.number({ error: 'MAX_CONNECTIONS must be a number of connections' }).int().min(1).max(1_000_000).default(1_000),
  SERVE_SOURCE_MAPS: z.enum(['true', 'false'], { error: 'SERVE_SOURCE_MAPS must be true or false' }).optional(),
  RESPONSE_CACHE_TTL_SECONDS: z.coerce
    .number({ error: 'RESPONSE_CACHE_TTL_SECONDS must be a number of seconds (0 turns the cache off)' })
    .int()
    .min(0, 'RESPONSE_CACHE_TTL_SECONDS must be at least 0')
    .max(3_600, 'RESPONSE_CACHE_TTL_SECONDS must be at most 3600')
    .default(60),
  RESPONSE_CACHE_MB: z.coerce
    .number({ error: 'RESPONSE_CACHE_MB must be a number of megabytes' })
    .int()
    .min(1, 'RESPONSE_CACHE_MB must be at least 1')
    .max(4_096, 'RESPONSE_CACHE_MB must be at most 4096')
    .default(64),
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
  siteUrl: string;
  siteName: string;
  contactEmail: string;
  contactPhone: string;
  adminToken: string | null;
  logLevel: z.output<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean | number | string[];
  apiRateLimitPerMinute: number;
  contactRateLimitPerHour: number;
  smtpUrl: string | null;
  mailFrom: string;
  shutdownGraceMs: number;
  shutdownTimeoutMs: number;
  /** Pages, feeds, sitemaps and files per client per minute (everything but /api, /graphql, /media and health). */
  pageRateLimitPerMinute: number;
  /** Limits of the HTTP server against slow or hoarding clients. */
  http: HttpLimits;
  /** Serve the client bundle's *.map files (default: outside production only). */
  serveSourceMaps: boolean;
  /** 0: no response cache. */
  responseCacheTtlMs: number;
  responseCacheBytes: number;
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
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings (from .env templates) mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  let database: DatabaseTarget | undefined;
  try {
    database = parseDatabaseUrl(cleaned.DATABASE_URL);
  } catch (error) {
    problems.push(`DATABASE_URL: ${(error as Error).message}`);
  }
  if (parsed.success && parsed.data.HEADERS_TIMEOUT_MS > parsed.data.REQUEST_TIMEOUT_MS) {
    problems.push('HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS (the headers are part of the request)');
  }
  if (!parsed.success || !database || problems.length) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    database,
    siteUrl: c.SITE_URL,
    siteName: c.SITE_NAME,
    contactEmail: c.CONTACT_EMAIL,
    contactPhone: c.CONTACT_PHONE,
    adminToken: c.ADMIN_TOKEN ?? null,
    logLevel: c.LOG_LEVEL,
    trustProxy: trustProxyValue(c.TRUST_PROXY),
    apiRateLimitPerMinute: c.API_RATE_LIMIT,
    contactRateLimitPerHour: c.CONTACT_RATE_LIMIT,
    smtpUrl: c.SMTP_URL ?? null,
    mailFrom: c.MAIL_FROM ?? `${c.SITE_NAME} <no-reply@${new URL(c.SITE_URL).hostname}>`,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    pageRateLimitPerMinute: c.PAGE_RATE_LIMIT,
    http: {
      requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: c.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: c.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: c.MAX_CONNECTIONS,
    },
    serveSourceMaps: c.SERVE_SOURCE_MAPS === undefined ? c.NODE_ENV !== 'production' : c.SERVE_SOURCE_MAPS === 'true',
    responseCacheTtlMs: c.RESPONSE_CACHE_TTL_SECONDS * 1_000,
    responseCacheBytes: c.RESPONSE_CACHE_MB * 1024 * 1024,
  };
}

/** The allowlist of settings the web app may see. */
export function publicConfig(config: Config) {
  return {
    siteUrl: config.siteUrl,
    siteName: config.siteName,
    contactEmail: config.contactEmail,
    contactPhone: config.contactPhone,
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
