import { defineEntity, p } from '@mikro-orm/core';

/**
 * A fediverse server the owner has blocked: its activities (and its subdomains') are refused at the
 * inbox. ACTIVITYPUB_BLOCKED_SERVERS adds a list of its own that only the configuration changes.
 */
const BlockedServerSchema = defineEntity({
  name: 'BlockedServer',
  tableName: 'fediverse_blocked_server',
  properties: {
    /** A lower-case host name, e.g. `spam.example`. */
    domain: p.string().length(253).primary(),
    /** Who blocked it: the editor's name (`owner` for ADMIN_TOKEN). */
    blockedBy: p.string().length(80),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class BlockedServer extends BlockedServerSchema.class {}
BlockedServerSchema.setClass(BlockedServer);
