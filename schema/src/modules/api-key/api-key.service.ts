import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { z } from 'zod';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { fieldProblems, invalidMessage, requiredText } from '../../lib/validation.js';
import { hashToken } from '../editor/editor.service.js';
import { ApiKey } from './api-key.entity.js';

/** Keys start with this, so secret scanners and people can tell what a leaked string is. */
export const API_KEY_PREFIX = 'apk_';
/** Random bytes in a key: 256 bits, like editor tokens. */
const KEY_BYTES = 32;
/** A key as issued: the prefix and 43 base64url characters. Anything else is refused unread. */
export const API_KEY_PATTERN = /^apk_[A-Za-z0-9_-]{43}$/;
/** Characters of the random part kept visible (`apk_` + 8): enough to tell keys apart, far too few to guess one. */
const VISIBLE_CHARACTERS = 8;
export const MAX_API_KEY_NAME_LENGTH = 80;
export const MAX_API_KEY_LIMIT_PER_MINUTE = 1_000_000;
/** How many days of usage the owner's list shows, today included. */
export const API_KEY_USAGE_DAYS = 30;

/** A new key: the prefix and 32 random bytes in base64url (43 characters). */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
}

/** Whether a presented value has the shape of a key at all (checked before anything is looked up). */
export function isWellFormedApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

/** SHA-256 (hex) of a key: what is stored and what a presented key is looked up by. */
export const hashApiKey = hashToken;

/** The UTC day of a moment, YYYY-MM-DD: usage is counted per key and UTC day. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export interface ApiKeyView {
  id: number;
  name: string;
  /** The key's first characters, to tell which key is which. */
  prefix: string;
  /** Requests a minute; null: the partner default (API_KEY_RATE_LIMIT). */
  limitPerMinute: number | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Requests made with a key on one UTC day. */
export interface ApiKeyUsageDay {
  day: string;
  requests: number;
}

/** A key as the owner lists it: with its requests per day over the last API_KEY_USAGE_DAYS days. */
export interface ApiKeyWithUsage extends ApiKeyView {
  /** Newest first; days without requests are left out. */
  usage: ApiKeyUsageDay[];
}

/** A key as created: the only time the key itself is seen. */
export interface CreatedApiKey extends ApiKeyWithUsage {
  key: string;
}

/** What the gateway learns of a presented key. */
export type ApiKeyCheck = { status: 'active'; id: number; name: string; limitPerMinute: number | null } | { status: 'revoked' } | { status: 'unknown' };

/** Requests a process counted for a key on a day since its last flush, and when the last of them came. */
export interface ApiKeyUsageCount {
  keyId: number;
  day: string;
  requests: number;
  lastUsedAt: Date;
}

function toKeyView(row: ApiKey): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    limitPerMinute: row.limitPerMinute ?? null,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt ?? null,
    revokedAt: row.revokedAt ?? null,
  };
}

const keyName = requiredText('Name', MAX_API_KEY_NAME_LENGTH);

const limitMessage = `limitPerMinute must be a whole number of requests a minute, from 1 to ${MAX_API_KEY_LIMIT_PER_MINUTE} (leave it out for the partner default)`;
const keyInput = z.strictObject(
  {
    name: keyName,
    limitPerMinute: z.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(MAX_API_KEY_LIMIT_PER_MINUTE, limitMessage).nullish(),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'The key must be a JSON object' : undefined) },
);

/**
 * Partners' API keys (decision 025): created and revoked by the owner, checked by the gateway on
 * every request that sends `X-Api-Key`, and their requests counted per UTC day. Who may manage them
 * is the role check's business (`services.editors.require(viewer, 'apiKeys')`), not this service's.
 */
export class ApiKeyService {
  constructor(private readonly em: EntityManager) {}

  /** Creates a named key; the answer holds the key, which is stored only as its hash. */
  async createKey(raw: unknown, now: Date = new Date()): Promise<CreatedApiKey> {
    const parsed = keyInput.safeParse(raw);
    if (!parsed.success) {
      const fields = fieldProblems(parsed.error);
      throw new ValidationError(invalidMessage('API key', fields), fields);
    }
    const { name, limitPerMinute = null } = parsed.data;
    const key = generateApiKey();
    const em = this.em.fork();
    const row = em.create(ApiKey, {
      name,
      prefix: key.slice(0, API_KEY_PREFIX.length + VISIBLE_CHARACTERS),
      keyHash: hashApiKey(key),
      limitPerMinute,
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new ValidationError(`An active API key named "${name}" exists: revoke it first or choose another name`, [
          { field: 'name', message: 'An active API key has this name' },
        ]);
      }
      throw error;
    }
    return { ...toKeyView(row), usage: [], key };
  }

  /** Revokes the active key of this name (any case); requests with it answer 401 from then on. */
  async revokeKey(rawName: unknown, now: Date = new Date()): Promise<ApiKeyWithUsage> {
    const parsed = keyName.safeParse(rawName);
    if (!parsed.success) throw new ValidationError('Invalid API key name', fieldProblems(parsed.error, 'name'));
    const em = this.em.fork();
    const active = (await em.find(ApiKey, { revokedAt: null })).find((k) => k.name.toLowerCase() === parsed.data.toLowerCase());
    if (!active) throw new NotFoundError(`No active API key named "${parsed.data}"`);
    active.revokedAt = now;
    await em.flush();
    return { ...toKeyView(active), usage: (await this.usageOf([active.id], now)).get(active.id) ?? [] };
  }

  /** Every key, active first, newest first, with its requests per UTC day; never the keys themselves. */
  async listKeys(now: Date = new Date()): Promise<ApiKeyWithUsage[]> {
    const rows = await this.em.find(ApiKey, {}, { orderBy: [{ revokedAt: 'desc nulls first' }, { createdAt: 'desc' }, { id: 'desc' }] });
    const usage = await this.usageOf(rows.map((r) => r.id), now);
    return rows.map((row) => ({ ...toKeyView(row), usage: usage.get(row.id) ?? [] }));
  }

  /** Requests per key and UTC day over the last API_KEY_USAGE_DAYS days, newest first. */
  private async usageOf(keyIds: readonly number[], now: Date): Promise<Map<number, ApiKeyUsageDay[]>> {
    const byKey = new Map<number, ApiKeyUsageDay[]>();
    if (keyIds.length === 0) return byKey;
    const since = utcDay(new Date(now.getTime() - (API_KEY_USAGE_DAYS - 1) * 86_400_000));
    // The day as text: drivers differ on what a date column becomes in JavaScript.
    const rows: { api_key_id: number; day: string; requests: number }[] = await this.em
      .getConnection()
      .execute(
        `select api_key_id, day::text as day, requests from api_key_usage where api_key_id in (${keyIds.map(() => '?').join(', ')}) and day >= ?::date order by day desc`,
        [...keyIds, since],
      );
    for (const row of rows) {
      const id = Number(row.api_key_id);
      const days = byKey.get(id) ?? [];
      days.push({ day: row.day, requests: Number(row.requests) });
      byKey.set(id, days);
    }
    return byKey;
  }

  /**
   * The key whose SHA-256 (hex) was presented: active (with its limit), revoked, or unknown. Found
   * by its hash (an index lookup on a value the caller cannot choose), then compared in constant time.
   */
  async check(presentedHash: string): Promise<ApiKeyCheck> {
    if (!/^[0-9a-f]{64}$/.test(presentedHash)) return { status: 'unknown' };
    const row = await this.em.findOne(ApiKey, { keyHash: presentedHash });
    if (!row || !timingSafeEqual(Buffer.from(row.keyHash, 'hex'), Buffer.from(presentedHash, 'hex'))) return { status: 'unknown' };
    if (row.revokedAt) return { status: 'revoked' };
    return { status: 'active', id: row.id, name: row.name, limitPerMinute: row.limitPerMinute ?? null };
  }

  /**
   * Adds counted requests to each key's day and moves its last use forward, in one statement: an
   * upsert (`on conflict … do update set requests = requests + excluded.requests`), so counts from
   * several processes add up and a batch is all or nothing.
   */
  async recordUsage(counts: readonly ApiKeyUsageCount[]): Promise<void> {
    if (counts.length === 0) return;
    const values = counts.map(() => '(?::int, ?::date, ?::int, ?::timestamptz)').join(', ');
    const params = counts.flatMap((c) => [c.keyId, c.day, c.requests, c.lastUsedAt.toISOString()]);
    await this.em.getConnection().execute(
      `with counted (api_key_id, day, requests, last_used_at) as (values ${values}),
       added as (
         insert into api_key_usage (api_key_id, day, requests)
         select api_key_id, day, sum(requests) from counted group by api_key_id, day
         on conflict (api_key_id, day) do update set requests = api_key_usage.requests + excluded.requests
       )
       update api_key set last_used_at = greatest(api_key.last_used_at, used.at)
       from (select api_key_id, max(last_used_at) as at from counted group by api_key_id) as used
       where api_key.id = used.api_key_id`,
      params,
    );
  }
}
