import { defineEntity, p } from '@mikro-orm/core';

/**
 * A partner's API key (`X-Api-Key`). Only the SHA-256 of the key is stored; the key itself is shown
 * once, when it is created. `prefix` (the key's first characters) tells the owner and the partner
 * which key is which. Revoking keeps the row (its usage stays listable) and frees the name.
 */
const ApiKeySchema = defineEntity({
  name: 'ApiKey',
  tableName: 'api_key',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(80),
    /** The first characters of the key (`apk_` and 8 more): enough to recognise it, too few to use it. */
    prefix: p.string().length(16),
    /** SHA-256 (hex) of the key. */
    keyHash: p.string().length(64).unique(),
    /** Requests a minute with this key; null: the partner default (API_KEY_RATE_LIMIT). */
    limitPerMinute: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
  // One active key per name, whatever its case.
  uniques: [{ name: 'api_key_active_name_unique', expression: 'create unique index "api_key_active_name_unique" on "api_key" (lower("name")) where "revoked_at" is null' }],
});

export class ApiKey extends ApiKeySchema.class {}
ApiKeySchema.setClass(ApiKey);
export { ApiKeySchema };
