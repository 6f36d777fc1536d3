import { defineEntity, p } from '@mikro-orm/core';
import { EDITOR_ROLES } from './editor-roles.js';

/**
 * A named editor token. Only the SHA-256 of the token is stored: the token itself is shown once,
 * when it is created. Revoking keeps the row (revisions name its holder) and frees the name.
 */
const EditorTokenSchema = defineEntity({
  name: 'EditorToken',
  tableName: 'editor_token',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(80),
    role: p.enum(EDITOR_ROLES),
    /** SHA-256 (hex) of the token. */
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
  // One active token per name, whatever its case.
  uniques: [{ name: 'editor_token_active_name_unique', expression: 'create unique index "editor_token_active_name_unique" on "editor_token" (lower("name")) where "revoked_at" is null' }],
});

export class EditorToken extends EditorTokenSchema.class {}
EditorTokenSchema.setClass(EditorToken);
export { EditorTokenSchema };
