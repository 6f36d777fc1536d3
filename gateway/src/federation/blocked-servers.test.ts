import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { blockedServerList } from './blocked-server-list.js';

/**
 * The fediverse servers refused at the inbox: those the configuration names, and the owner's own
 * list, edited over the API and applied by this process at once.
 */
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
const PATH = '/api/admin/fediverse/blocked-servers';
let t: TestApp;
let editorToken: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN, ACTIVITYPUB_BLOCKED_SERVERS: 'configured.example' });
  editorToken = (await createServices(t.db.orm.em.fork()).editors.createToken({ name: 'Sam Editor' })).token;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const owner = { Authorization: `Bearer ${ADMIN_TOKEN}` };
/** An activity signed (badly) by a key of `host`: the guard reads the host before any signature is checked. */
const activityFrom = (host: string) =>
  request(t.app)
    .post('/ap/inbox')
    .set('Content-Type', 'application/activity+json')
    .set('Signature', `keyId="https://${host}/users/a#main-key",algorithm="rsa-sha256",headers="(request-target) host date",signature="eA=="`)
    .send(JSON.stringify({ type: 'Follow', actor: `https://${host}/users/a` }));

describe("the owner's blocked servers", () => {
  it('blocks a server by host, URL or handle; its activities and its subdomains\' are refused at once, until it is unblocked', async () => {
    expect((await request(t.app).get(PATH).set(owner).expect(200)).body).toEqual([{ domain: 'configured.example', fromConfiguration: true }]);
    expect((await activityFrom('configured.example')).status).toBe(403);
    expect((await activityFrom('spam.example')).status).not.toBe(403);

    const blocked = await request(t.app).post(PATH).set(owner).send({ domain: 'https://Spam.Example/users/troll' }).expect(201);
    expect(blocked.body).toMatchObject({ domain: 'spam.example', blockedBy: 'owner', fromConfiguration: false });
    await request(t.app).post(PATH).set(owner).send({ domain: '@bot@spam.example' }).expect(201);
    const refused = await activityFrom('social.spam.example');
    expect(refused.status).toBe(403);
    expect(refused.text).toBe('Activities from social.spam.example are refused');
    expect((await request(t.app).get(PATH).set(owner).expect(200)).body.map((b: { domain: string }) => b.domain)).toEqual(['configured.example', 'spam.example']);

    await request(t.app).delete(`${PATH}/spam.example`).set(owner).expect(204);
    expect((await activityFrom('spam.example')).status).not.toBe(403);
    await request(t.app).delete(`${PATH}/spam.example`).set(owner).expect(404);
  });

  it('names the domain when it is not a host name, and is the owner\'s alone', async () => {
    for (const domain of ['<script>alert(1)</script>', 'localhost', '', 42, 'a'.repeat(400)]) {
      const res = await request(t.app).post(PATH).set(owner).send({ domain });
      expect(res.status, JSON.stringify(domain)).toBe(400);
      expect(res.body.errors[0].field).toBe('domain');
    }
    await request(t.app).post(PATH).send({ domain: 'spam.example' }).expect(401);
    await request(t.app).post(PATH).set('Authorization', `Bearer ${editorToken}`).send({ domain: 'spam.example' }).expect(403);
    await request(t.app).get(PATH).set('Authorization', `Bearer ${editorToken}`).expect(403);
  });
});

describe('the blocked list a process keeps', () => {
  it('reads the owner\'s list again after its time, and keeps the last one read while the database is away', async () => {
    let clock = 0;
    let answer: () => Promise<string[]> = async () => ['first.example'];
    let reads = 0;
    const list = blockedServerList({ configured: ['fixed.example'], read: () => (reads++, answer()), ttlMs: 30_000, now: () => clock });
    expect(await list.blocks('a.fixed.example:443')).toBe(true);
    expect(await list.blocks('first.example')).toBe(true);
    answer = async () => ['second.example'];
    clock = 29_000;
    expect(await list.blocks('first.example')).toBe(true);
    clock = 30_000;
    expect(await list.blocks('first.example')).toBe(false);
    expect(await list.blocks('second.example')).toBe(true);
    answer = () => Promise.reject(new Error('connection refused'));
    clock = 70_000;
    expect(await list.blocks('second.example')).toBe(true);
    // A failed read is tried again after a short pause, not at every activity.
    const afterFailure = reads;
    expect(await list.blocks('second.example')).toBe(true);
    expect(reads).toBe(afterFailure);
  });
});
