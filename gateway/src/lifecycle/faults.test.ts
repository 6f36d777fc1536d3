import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyContentChange, type RequestContext } from '../../../schema/src/index.js';
import { loadConfig } from '../config/config.js';
import type { ContextFor } from '../middleware/request-context.js';
import { createWeb } from '../ssr/web.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Faults on the embedded database (PGlite): Idempotency-Key on both protocols, unknown admin
 * query parameters, and pages whose data fails on the server side (an outage simulated in the
 * services, since PGlite cannot be cut off like a server).
 */

const ADMIN_TOKEN = 'a-long-enough-admin-token-for-tests';
const inquiry = { name: 'Retry Tester', email: 'retry@example.com.au', subject: 'Safe retries', message: 'Same message twice.' };
const SUBMIT = 'mutation($i: ContactMessageInput!) { submitContactMessage(input: $i) { id reference receivedAt } }';

/** The services of a request while the database is out: every call fails as an unreachable server does. */
function failing(context: RequestContext, error: () => Error): RequestContext {
  const services = new Proxy(context.services, {
    get(target, name) {
      const service = target[name as keyof typeof target] as object;
      return new Proxy(service, {
        get: (s, method) => (typeof (s as Record<PropertyKey, unknown>)[method] === 'function' ? () => Promise.reject(error()) : (s as Record<PropertyKey, unknown>)[method]),
      });
    },
  });
  return { ...context, services };
}

const unreachable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const bug = () => new TypeError("Cannot read properties of undefined (reading 'title')");

let t: TestApp;
const fault: { make: (() => Error) | null } = { make: null };

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au' });
  const web = (contextFor: ContextFor) => {
    const pageContext: ContextFor = (req) => (fault.make ? failing(contextFor(req), fault.make) : contextFor(req));
    return createWeb({ config, contextFor: pageContext, mode: 'source' });
  };
  t = await createTestApp({ ADMIN_TOKEN, CONTACT_RATE_LIMIT: '100000' }, { web });
}, 120_000);
afterAll(() => t?.close());

async function count(table: 'contact_message' | 'idempotency_key', where = 'true', params: unknown[] = []): Promise<number> {
  const rows = await t.db.orm.em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from ${table} where ${where}`, params);
  return Number(rows[0].n);
}

describe('Idempotency-Key on POST /api/contact', () => {
  it('answers a repeat with the original receipt and stores nothing new', async () => {
    const body = { ...inquiry, subject: 'Repeat once' };
    const first = await request(t.app).post('/api/contact').set('Idempotency-Key', 'k-repeat').send(body).expect(201);
    const repeat = await request(t.app).post('/api/contact').set('Idempotency-Key', 'k-repeat').send(body).expect(201);
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same message however its JSON is spelled (order, surrounding spaces).
    const respelled = { message: ` ${body.message}`, subject: body.subject, email: body.email, name: body.name };
    expect((await request(t.app).post('/api/contact').set('Idempotency-Key', '"k-repeat"').send(respelled).expect(201)).body.reference).toBe(first.body.reference);
    expect(await count('contact_message', 'subject = ?', ['Repeat once'])).toBe(1);
    expect(await count('idempotency_key', 'key = ?', ['k-repeat'])).toBe(1);
  });

  it('refuses the same key with a different message: 422, nothing stored', async () => {
    await request(t.app).post('/api/contact').set('Idempotency-Key', 'k-reused').send({ ...inquiry, subject: 'Key reused' }).expect(201);
    const other = await request(t.app).post('/api/contact').set('Idempotency-Key', 'k-reused').send({ ...inquiry, subject: 'Key reused', message: 'A different message.' });
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/already used for a different message/);
    expect(await count('contact_message', 'subject = ?', ['Key reused'])).toBe(1);
  });

  it('stores one row when the same key arrives many times at once', async () => {
    const body = { ...inquiry, subject: 'Concurrent repeats' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(t.app).post('/api/contact').set('Idempotency-Key', 'k-concurrent').send(body).then((r) => r)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.reference)).size).toBe(1);
    expect(await count('contact_message', 'subject = ?', ['Concurrent repeats'])).toBe(1);
  });

  it('names a malformed key', async () => {
    for (const key of ['has spaces in it', 'x'.repeat(256), 'é']) {
      const res = await request(t.app).post('/api/contact').set('Idempotency-Key', key).send(inquiry);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('Idempotency-Key');
    }
  });

  it('forgets a key after 24 hours: the same key then stores a new message', async () => {
    const body = { ...inquiry, subject: 'Expired key' };
    await request(t.app).post('/api/contact').set('Idempotency-Key', 'k-expired').send(body).expect(201);
    await t.db.orm.em.fork().getConnection().execute(`update idempotency_key set created_at = now() - interval '25 hours' where key = 'k-expired'`);
    const later = await request(t.app).post('/api/contact').set('Idempotency-Key', 'k-expired').send(body).expect(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('contact_message', 'subject = ?', ['Expired key'])).toBe(2);
    expect(await count('idempotency_key', 'key = ?', ['k-expired'])).toBe(1);
  });
});

describe('Idempotency-Key on the contact mutation', () => {
  it('takes the key as a field or as the header, with the same rules as REST', async () => {
    const i = { ...inquiry, subject: 'GraphQL repeat' };
    const viaField = await request(t.app).post('/graphql').send({ query: SUBMIT, variables: { i: { ...i, idempotencyKey: 'g-key' } } }).expect(200);
    const viaHeader = await request(t.app).post('/graphql').set('Idempotency-Key', 'g-key').send({ query: SUBMIT, variables: { i } }).expect(200);
    const viaRest = await request(t.app).post('/api/contact').set('Idempotency-Key', 'g-key').send(i).expect(201);
    expect(viaHeader.body.data.submitContactMessage).toEqual(viaField.body.data.submitContactMessage);
    expect(viaRest.body.reference).toBe(viaField.body.data.submitContactMessage.reference);
    expect(await count('contact_message', 'subject = ?', ['GraphQL repeat'])).toBe(1);

    const other = await request(t.app).post('/graphql').send({ query: SUBMIT, variables: { i: { ...i, message: 'Changed.', idempotencyKey: 'g-key' } } });
    expect(other.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const malformed = await request(t.app).post('/graphql').send({ query: SUBMIT, variables: { i: { ...i, idempotencyKey: '' } } });
    expect(malformed.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'idempotencyKey' }] });
  });
});

describe('unknown query parameters on admin lists', () => {
  it('answers 400 naming them, and the parameters the list takes', async () => {
    const res = await request(t.app).get('/api/admin/inquiries?cursor=abc&limit=5').set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown query parameter: cursor (this list takes limit, after, type)');
    expect(res.body.errors).toEqual([{ field: 'cursor', message: 'Unknown query parameter; use one of: limit, after, type' }]);
    await request(t.app).get('/api/admin/inquiries?limit=5&type=domain').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    // Without the token it stays a 401: nothing about the list is told first.
    await request(t.app).get('/api/admin/inquiries?cursor=abc').expect(401);
  });
});

describe('pages whose data fails on the server side', () => {
  it('answers the site-styled 503 page with Retry-After and no-store, never a 200 apology', async () => {
    fault.make = unreachable;
    try {
      const res = await request(t.app).get('/about?fresh=1');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/html/);
      expect(res.text).toContain('The news is briefly unavailable');
      expect(res.text).toMatch(/<meta[^>]*name="robots" content="noindex/);
      expect(res.text).toMatch(/<style data-emotion="css/);

      const home = await request(t.app).get('/?fresh=1');
      expect(home.status).toBe(503);
      expect(home.text).not.toMatch(/couldn.t load the latest news/);
    } finally {
      fault.make = null;
    }
  });

  it('serves the last good copy of a cached page, marked stale, while its data fails', async () => {
    await request(t.app).get('/contact').expect(200);
    await expect.poll(async () => (await request(t.app).get('/contact')).headers['x-cache']).toBe('HIT');
    fault.make = unreachable;
    try {
      // Content changed since: the copy is no longer fresh, but it is still the last good one.
      notifyContentChange(['Article']);
      const res = await request(t.app).get('/contact');
      expect(res.status).toBe(200);
      expect(res.headers['x-cache']).toBe('STALE');
      expect(res.headers.warning).toMatch(/110/);
      expect(res.text).toContain('Get In Touch');
    } finally {
      fault.make = null;
    }
    const back = await request(t.app).get('/contact');
    expect(back.status).toBe(200);
    expect(back.headers['x-cache']).toBe('MISS');
  });

  it('answers a page whose query hit a bug with a 500 error page, not a 200', async () => {
    fault.make = bug;
    try {
      const res = await request(t.app).get('/about?bug=1');
      expect(res.status).toBe(500);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('Something went wrong');
    } finally {
      fault.make = null;
    }
  });

  it('still answers a missing article 404, not 503', async () => {
    const res = await request(t.app).get('/articles/999999999');
    expect(res.status).toBe(404);
  });
});
