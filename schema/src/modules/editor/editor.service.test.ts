import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../lib/errors.js';
import type { Viewer } from '../../runtime/request-context.js';
import { createServices } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { EditorToken } from './editor-token.entity.js';
import { EDITOR_TOKEN_PREFIX, hashToken } from './editor.service.js';

/** Editor tokens and the one role check (decision 019). */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await db.close();
});

const editors = () => createServices(db.orm.em.fork()).editors;
const viewer = (token: string | null, extra: Partial<Viewer> = {}): Viewer => ({
  clientKey: 'test',
  isAdmin: false,
  adminEnabled: true,
  credential: token === null ? null : hashToken(token),
  ...extra,
});

describe('editor tokens', () => {
  it('are random, shown once and stored only as their SHA-256', async () => {
    const a = await editors().createToken({ name: 'Alex Nguyen' });
    const b = await editors().createToken({ name: 'Sam Lee', role: 'admin' });
    expect(a).toMatchObject({ name: 'Alex Nguyen', role: 'editor', revokedAt: null });
    expect(b.role).toBe('admin');
    expect(a.token).toMatch(new RegExp(`^${EDITOR_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(a.token).not.toBe(b.token);
    const rows = await db.orm.em.fork().find(EditorToken, {});
    expect(rows.map((r) => r.tokenHash).sort()).toEqual([hashToken(a.token), hashToken(b.token)].sort());
    const stored = JSON.stringify(await db.orm.em.getConnection().execute('select * from editor_token'));
    expect(stored).not.toContain(a.token);
    expect((await editors().listTokens()).map((t) => t.name).sort()).toEqual(['Alex Nguyen', 'Sam Lee']);
    expect(JSON.stringify(await editors().listTokens())).not.toContain(EDITOR_TOKEN_PREFIX);
  });

  it('refuse a second active token of the same name (any case), a reserved name and an unknown role', async () => {
    await expect(editors().createToken({ name: 'alex nguyen' })).rejects.toMatchObject({ fields: [{ field: 'name' }] });
    const error = await editors().createToken({ name: 'Owner', role: 'boss' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields.map((f) => f.field).sort()).toEqual(['name', 'role']);
    await expect(editors().createToken({ name: '' })).rejects.toBeInstanceOf(ValidationError);
    await expect(editors().createToken({ name: 'Two\nLines' })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('the role check', () => {
  it('knows the owner by ADMIN_TOKEN, with the admin role', async () => {
    expect(await editors().require(viewer(null, { isAdmin: true }), 'tokens')).toEqual({ name: 'owner', role: 'admin' });
  });

  it('lets an editor token do newsroom work and nothing of the admin role (403)', async () => {
    const { token } = await editors().createToken({ name: 'Casey' });
    expect(await editors().require(viewer(token), 'content')).toEqual({ name: 'Casey', role: 'editor' });
    await expect(editors().require(viewer(token), 'inquiries')).rejects.toBeInstanceOf(ForbiddenError);
    await expect(editors().require(viewer(token), 'tokens')).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('lets an admin token read inquiries and manage tokens', async () => {
    const { token } = await editors().createToken({ name: 'Jordan', role: 'admin' });
    for (const permission of ['content', 'inquiries', 'tokens'] as const) {
      expect(await editors().require(viewer(token), permission)).toEqual({ name: 'Jordan', role: 'admin' });
    }
  });

  it('answers 401 without a token, with a wrong one and with a revoked one', async () => {
    const { token } = await editors().createToken({ name: 'Riley' });
    await expect(editors().require(viewer(null), 'content')).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(editors().require(viewer(`${token}x`), 'content')).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(editors().require(viewer(token, { credential: 'not-a-hash' }), 'content')).rejects.toBeInstanceOf(UnauthorizedError);
    expect((await editors().revokeToken('RILEY')).revokedAt).toBeInstanceOf(Date);
    await expect(editors().require(viewer(token), 'content')).rejects.toThrow(/revoked/);
    await expect(editors().revokeToken('Riley')).rejects.toThrow(/No active token/);
    // The name is free again once revoked.
    const again = await editors().createToken({ name: 'Riley' });
    expect(await editors().require(viewer(again.token), 'content')).toEqual({ name: 'Riley', role: 'editor' });
  });

  it('says admin access is off when no ADMIN_TOKEN is configured, and editor tokens still work', async () => {
    const { token } = await editors().createToken({ name: 'Morgan' });
    await expect(editors().require(viewer(null, { adminEnabled: false }), 'content')).rejects.toThrow(/^Admin access is off/);
    expect(await editors().require(viewer(token, { adminEnabled: false }), 'content')).toEqual({ name: 'Morgan', role: 'editor' });
  });

  it('looks a token up once per request and notes when it was last used', async () => {
    const { token } = await editors().createToken({ name: 'Quinn' });
    const service = editors();
    const asked = viewer(token);
    db.queries.length = 0;
    await service.require(asked, 'content');
    await service.require(asked, 'content');
    expect(db.queries.filter((q) => /from "editor_token"/.test(q))).toHaveLength(1);
    const [row] = await db.orm.em.fork().find(EditorToken, { name: 'Quinn' });
    expect(row.lastUsedAt).toBeInstanceOf(Date);
  });
});
