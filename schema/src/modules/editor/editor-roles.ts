/**
 * Who may do what, defined once. The owner's ADMIN_TOKEN has the admin role; named editor tokens
 * have the role they were created with. Every REST route and GraphQL field that needs a role asks
 * `EditorAccess.require(viewer, permission)` (editor-access.service.ts) and nothing else.
 */
export const EDITOR_ROLES = ['editor', 'admin'] as const;
export type EditorRoleValue = (typeof EDITOR_ROLES)[number];

/** What can be asked for: newsroom content (articles, breaking news, partners), inquiries, tokens, partners' API keys, audience figures, the standards pages' text, the fediverse servers blocked. */
export type Permission = 'content' | 'inquiries' | 'tokens' | 'apiKeys' | 'analytics' | 'standards' | 'fediverse';

export const ROLE_PERMISSIONS: Readonly<Record<EditorRoleValue, readonly Permission[]>> = {
  editor: ['content'],
  admin: ['content', 'inquiries', 'tokens', 'apiKeys', 'analytics', 'standards', 'fediverse'],
};

export const DEFAULT_EDITOR_ROLE: EditorRoleValue = 'editor';

/** The name revisions record for the owner's ADMIN_TOKEN; no editor token may take it. */
export const OWNER_EDITOR_NAME = 'owner';

/** Who is making a change, once their token has been checked. */
export interface Editor {
  name: string;
  role: EditorRoleValue;
}
