import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { z } from 'zod';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors.js';
import { fieldProblems, invalidMessage } from '../../lib/validation.js';
import type { Viewer } from '../../lib/viewer.js';
import {
  DEFAULT_EDITOR_ROLE,
  EDITOR_ROLES,
  type Editor,
  type EditorRoleValue,
  OWNER_EDITOR_NAME,
  type Permission,
  ROLE_PERMISSIONS,
} from './editor-roles.js';
import { EditorToken } from './editor-token.entity.js';

/** Random bytes in a token: 256 bits, as the issue asks. */
const TOKEN_BYTES = 32;
/** Tokens start with this, so secret scanners and people can tell what a leaked string is. */
export const EDITOR_TOKEN_PREFIX = 'atn_';
/** lastUsedAt is written at most this often per token (it is for the owner's eyes, not an audit). */
const LAST_USED_RESOLUTION_MS = 60_000;
export const MAX_EDITOR_NAME_LENGTH = 80;

/** SHA-256 (hex) of a bearer token: what is stored and what a presented token is compared by. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new token: the prefix and 32 random bytes in base64url (43 characters). */
export function generateEditorToken(): string {
  return `${EDITOR_TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
}

export interface EditorTokenView {
  id: number;
  name: string;
  role: EditorRoleValue;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A token as created: the only time the token itself is seen. */
export interface CreatedEditorToken extends EditorTokenView {
  token: string;
}

function toTokenView(row: EditorToken): EditorTokenView {
  return {
    id: row.id,
    name: row.name,
    role: row.role as EditorRoleValue,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt ?? null,
    revokedAt: row.revokedAt ?? null,
  };
}

const editorName = z
  .string({ error: (issue) => (issue.input === undefined ? 'Name is required' : 'Name must be text') })
  .trim()
  .min(1, 'Name is required')
  .max(MAX_EDITOR_NAME_LENGTH, `Name must be at most ${MAX_EDITOR_NAME_LENGTH} characters`)
  .refine((value) => !/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/.test(value), 'Name must be a single line of text')
  .refine((value) => value.toLowerCase() !== OWNER_EDITOR_NAME, `"${OWNER_EDITOR_NAME}" is reserved for ADMIN_TOKEN`);

const tokenInput = z.strictObject(
  {
    name: editorName,
    role: z.enum(EDITOR_ROLES, { error: `Role must be one of: ${EDITOR_ROLES.join(', ')}` }).default(DEFAULT_EDITOR_ROLE),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'The token must be a JSON object' : undefined) },
);

/**
 * Editors and their tokens, and the one access check of every newsroom and owner route
 * (REST and GraphQL alike): `require(viewer, permission)` answers who is asking, or throws 401
 * (no token, a wrong or revoked one) or 403 (a role that may not). Built per request, so a
 * token is looked up once per request however many fields ask.
 */
export class EditorService {
  private readonly identified = new WeakMap<Viewer, Promise<Editor>>();

  constructor(private readonly em: EntityManager) {}

  async require(viewer: Viewer, permission: Permission): Promise<Editor> {
    let identity = this.identified.get(viewer);
    if (!identity) {
      identity = this.identify(viewer);
      this.identified.set(viewer, identity);
    }
    const editor = await identity;
    if (!ROLE_PERMISSIONS[editor.role].includes(permission)) {
      throw new ForbiddenError(`The ${editor.role} role may not do this: it needs the admin role (${permission})`);
    }
    return editor;
  }

  /** Who the request's bearer token belongs to: the owner (ADMIN_TOKEN) or an active editor token. */
  private async identify(viewer: Viewer): Promise<Editor> {
    if (viewer.isAdmin) return { name: OWNER_EDITOR_NAME, role: 'admin' };
    const presented = viewer.credential ?? null;
    const refuse = (why: string) =>
      new UnauthorizedError(
        viewer.adminEnabled
          ? `A valid admin token or editor token is required: Authorization: Bearer <token>${why}`
          : `Admin access is off: no ADMIN_TOKEN is configured, and no valid editor token was sent${why}`,
      );
    if (!presented || !/^[0-9a-f]{64}$/.test(presented)) throw refuse('');
    // Found by its hash (an index lookup on a value the caller cannot choose), then compared in
    // constant time: nothing about a stored token can be learned from timing.
    const row = await this.em.findOne(EditorToken, { tokenHash: presented });
    if (!row || !timingSafeEqual(Buffer.from(row.tokenHash, 'hex'), Buffer.from(presented, 'hex'))) throw refuse('');
    if (row.revokedAt) throw refuse(' (this token was revoked)');
    const now = Date.now();
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await this.em.nativeUpdate(EditorToken, { id: row.id }, { lastUsedAt: new Date(now) });
    }
    return { name: row.name, role: row.role as EditorRoleValue };
  }

  /** Creates a named token; the answer holds the token, which is stored only as its hash. */
  async createToken(raw: unknown): Promise<CreatedEditorToken> {
    const parsed = tokenInput.safeParse(raw);
    if (!parsed.success) {
      const fields = fieldProblems(parsed.error);
      throw new ValidationError(invalidMessage('token', fields), fields);
    }
    const { name, role } = parsed.data;
    const token = generateEditorToken();
    const em = this.em.fork();
    const row = em.create(EditorToken, { name, role, tokenHash: hashToken(token), createdAt: new Date(), lastUsedAt: null, revokedAt: null });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new ValidationError(`An active token named "${name}" exists: revoke it first or choose another name`, [
          { field: 'name', message: 'An active token has this name' },
        ]);
      }
      throw error;
    }
    return { ...toTokenView(row), token };
  }

  /** Revokes the active token of this name (any case); it answers 401 from then on. */
  async revokeToken(rawName: unknown): Promise<EditorTokenView> {
    const parsed = editorName.safeParse(rawName);
    if (!parsed.success) throw new ValidationError('Invalid token name', fieldProblems(parsed.error, 'name'));
    const em = this.em.fork();
    const active = (await em.find(EditorToken, { revokedAt: null })).find((t) => t.name.toLowerCase() === parsed.data.toLowerCase());
    if (!active) throw new NotFoundError(`No active token named "${parsed.data}"`);
    active.revokedAt = new Date();
    await em.flush();
    return toTokenView(active);
  }

  /** Every token, active first, newest first; never the tokens themselves. */
  async listTokens(): Promise<EditorTokenView[]> {
    const rows = await this.em.find(EditorToken, {}, { orderBy: [{ revokedAt: 'desc nulls first' }, { createdAt: 'desc' }, { id: 'desc' }] });
    return rows.map(toTokenView);
  }
}
