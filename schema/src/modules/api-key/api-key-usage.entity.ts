import { defineEntity, p } from '@mikro-orm/core';
import { ApiKey } from './api-key.entity.js';

/**
 * Requests made with a key on one day (UTC), one row per key and day. Written only by the upsert of
 * `ApiKeyService.recordUsage` (`on conflict … do update set requests = requests + …`), which adds
 * the counts a process has tallied since its last flush.
 */
const ApiKeyUsageSchema = defineEntity({
  name: 'ApiKeyUsage',
  tableName: 'api_key_usage',
  properties: {
    apiKey: () => p.manyToOne(ApiKey).primary().deleteRule('cascade'),
    /** The UTC day, YYYY-MM-DD. */
    day: p.date().primary(),
    requests: p.integer(),
  },
});

export class ApiKeyUsage extends ApiKeyUsageSchema.class {}
ApiKeyUsageSchema.setClass(ApiKeyUsage);
export { ApiKeyUsageSchema };
