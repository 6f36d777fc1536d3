import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, hashApiKey } from '../index.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { API_KEY_PATTERN } from '../modules/api-key/api-key.service.js';
import { CREATE_KEY_USAGE, createKeyCommand, REVOKE_KEY_USAGE, revokeKeyCommand } from './api-key-commands.js';

/** `npm run keys:create` and `keys:revoke`, as the owner runs them (decision 025). */
let db: TestDatabase;
let opened = 0;
const services = async () => {
  opened += 1;
  return createServices(db.orm.em.fork());
};

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await db.close();
});

describe('keys:create', () => {
  it('prints the key alone on stdout, once, with the limit it got', async () => {
    const output = await createKeyCommand(['--name', 'Acme Media', '--limit', '2000'], services);
    expect(output.exitCode).toBe(0);
    expect(output.stdout).toHaveLength(1);
    expect(output.stdout[0]).toMatch(API_KEY_PATTERN);
    expect(output.stderr.join('\n')).toMatch(/"Acme Media" \(apk_.{8}…, 2000 requests a minute\)/);
    const check = await createServices(db.orm.em.fork()).apiKeys.check(hashApiKey(output.stdout[0]));
    expect(check).toMatchObject({ status: 'active', name: 'Acme Media', limitPerMinute: 2000 });
  });

  it('gives a key without --limit the partner default', async () => {
    const output = await createKeyCommand(['--name', 'Default Limits'], services);
    expect(output.exitCode).toBe(0);
    expect(output.stderr.join('\n')).toMatch(/partner default limit \(API_KEY_RATE_LIMIT\)/);
    expect(await createServices(db.orm.em.fork()).apiKeys.check(hashApiKey(output.stdout[0]))).toMatchObject({ limitPerMinute: null });
  });

  it('answers usage (exit 2) without opening the database when the arguments are wrong', async () => {
    const before = opened;
    for (const argv of [[], ['--name', '  '], ['--nme', 'Typo'], ['--name']]) {
      const output = await createKeyCommand(argv, services);
      expect(output.exitCode, argv.join(' ')).toBe(2);
      expect(output.stdout).toEqual([]);
      expect(output.stderr).toContain(CREATE_KEY_USAGE);
    }
    expect(opened).toBe(before);
  });

  it('refuses a bad limit and a name in use (exit 2), printing no key', async () => {
    for (const limit of ['abc', '0', '-5', '2.5', '99999999']) {
      const output = await createKeyCommand(['--name', 'Limited', `--limit=${limit}`], services);
      expect(output.exitCode, limit).toBe(2);
      expect(output.stdout).toEqual([]);
      expect(output.stderr.join('\n')).toMatch(/limitPerMinute must be a whole number/);
    }
    const taken = await createKeyCommand(['--name', 'ACME MEDIA'], services);
    expect(taken).toMatchObject({ exitCode: 2, stdout: [] });
    expect(taken.stderr.join('\n')).toMatch(/active API key has this name/);
  });
});

describe('keys:revoke', () => {
  it('revokes the named key (any case); a second revoke finds none (exit 1)', async () => {
    const { stdout } = await createKeyCommand(['--name', 'Short Lived'], services);
    const output = await revokeKeyCommand(['short', 'lived'], services);
    expect(output.exitCode).toBe(0);
    expect(output.stderr.join('\n')).toMatch(/Revoked the API key "Short Lived"/);
    expect(await createServices(db.orm.em.fork()).apiKeys.check(hashApiKey(stdout[0]))).toEqual({ status: 'revoked' });
    const again = await revokeKeyCommand(['Short Lived'], services);
    expect(again.exitCode).toBe(1);
    expect(again.stderr.join('\n')).toMatch(/No active API key named "Short Lived"/);
  });

  it('answers usage (exit 2) without a name', async () => {
    const output = await revokeKeyCommand([], services);
    expect(output).toEqual({ exitCode: 2, stdout: [], stderr: [REVOKE_KEY_USAGE] });
  });
});
