import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessage } from '../../../schema/src/testing.js';
import { loadConfig } from '../config/config.js';
import { createWeb } from '../ssr/web.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
const message = (n: number, inquiryType = 'general') => ({
  name: `Reader ${n}`,
  email: `reader${n}@example.com.au`,
  subject: `Subject ${n}`,
  message: `Message number ${n}.`,
  inquiryType,
});
const gqlInquiries = '{ inquiries(first: 10) { nodes { reference name inquiryType priority } pageInfo { hasNextPage endCursor } } }';

describe('owner access to inquiries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN });
    for (const [n, type] of [[1, 'general'], [2, 'domain'], [3, 'advertising']] as const) {
      await request(t.app).post('/api/contact').send(message(n, type)).expect(201);
    }
  });
  afterAll(() => t.close());

  it('lists inquiries newest first with the token', async () => {
    const res = await request(t.app).get('/api/admin/inquiries').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    expect(res.body.inquiries.map((i: { name: string }) => i.name)).toEqual(['Reader 3', 'Reader 2', 'Reader 1']);
    expect(res.body.inquiries[1]).toMatchObject({ reference: expect.stringMatching(/^INQ-\d{6}$/), inquiryType: 'domain', priority: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('filters by type and paginates', async () => {
    const byType = await request(t.app).get('/api/admin/inquiries?type=domain').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    expect(byType.body.inquiries.map((i: { name: string }) => i.name)).toEqual(['Reader 2']);
    const first = await request(t.app).get('/api/admin/inquiries?limit=2').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    expect(first.body.inquiries).toHaveLength(2);
    const next = await request(t.app)
      .get(`/api/admin/inquiries?limit=2&after=${first.body.nextCursor}`)
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .expect(200);
    expect(next.body.inquiries.map((i: { name: string }) => i.name)).toEqual(['Reader 1']);
    expect(next.body.nextCursor).toBeNull();
    await request(t.app).get('/api/admin/inquiries?type=sales').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(400);
  });

  it.each([
    ['no header', undefined],
    ['a wrong token', 'Bearer wrong-token-0123456789abcdef'],
    ['the token without Bearer', ADMIN_TOKEN],
    ['a token that is a prefix', `Bearer ${ADMIN_TOKEN.slice(0, -1)}`],
  ])('answers 401 and no data with %s', async (_name, header) => {
    const req = request(t.app).get('/api/admin/inquiries');
    const res = await (header ? req.set('Authorization', header) : req).expect(401);
    expect(res.body).toEqual({ message: expect.stringMatching(/admin token/) });
    const gql = request(t.app).post('/graphql').send({ query: gqlInquiries });
    const gres = await (header ? gql.set('Authorization', header) : gql);
    expect(gres.body.data).toBeNull();
    expect(gres.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('answers the GraphQL inquiries query for the owner', async () => {
    const res = await request(t.app).post('/graphql').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ query: gqlInquiries }).expect(200);
    expect(res.body.data.inquiries.nodes.map((n: { name: string }) => n.name)).toEqual(['Reader 3', 'Reader 2', 'Reader 1']);
  });

  it('turns admin access off when ADMIN_TOKEN is unset', async () => {
    const off = await createTestApp();
    try {
      const res = await request(off.app).get('/api/admin/inquiries').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(401);
      expect(res.body.message).toMatch(/Admin access is off/);
    } finally {
      await off.close();
    }
  });
});

describe('abuse limits', () => {
  it('limits accepted inquiries per client and counts only accepted ones', async () => {
    const t = await createTestApp({ CONTACT_RATE_LIMIT: '3' });
    try {
      await request(t.app).post('/api/contact').send({ ...message(0), email: 'bad' }).expect(400);
      for (let n = 1; n <= 3; n++) await request(t.app).post('/api/contact').send(message(n)).expect(201);
      const refused = await request(t.app).post('/api/contact').send(message(4)).expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/at most 3 an hour/);
      const gql = await request(t.app)
        .post('/graphql')
        .send({ query: 'mutation($i: ContactMessageInput!) { submitContactMessage(input: $i) { id } }', variables: { i: { ...message(5), inquiryType: 'GENERAL' } } });
      expect(gql.body.errors[0].extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: expect.any(Number) });
      expect(await t.db.orm.em.fork().count(ContactMessage, {})).toBe(3);
    } finally {
      await t.close();
    }
  });

  it('keys limits by the forwarded client address only when TRUST_PROXY says so', async () => {
    const trusted = await createTestApp({ CONTACT_RATE_LIMIT: '1', TRUST_PROXY: '1' });
    const untrusted = await createTestApp({ CONTACT_RATE_LIMIT: '1' });
    try {
      await request(trusted.app).post('/api/contact').set('X-Forwarded-For', '203.0.113.1').send(message(1)).expect(201);
      await request(trusted.app).post('/api/contact').set('X-Forwarded-For', '203.0.113.2').send(message(2)).expect(201);
      await request(trusted.app).post('/api/contact').set('X-Forwarded-For', '203.0.113.2').send(message(3)).expect(429);
      await request(untrusted.app).post('/api/contact').set('X-Forwarded-For', '203.0.113.1').send(message(1)).expect(201);
      await request(untrusted.app).post('/api/contact').set('X-Forwarded-For', '203.0.113.2').send(message(2)).expect(429);
    } finally {
      await trusted.close();
      await untrusted.close();
    }
    // Two databases of its own: more than the default time on a busy two-core machine.
  }, 120_000);

  it('limits all API requests per minute with standard headers', async () => {
    const t = await createTestApp({ API_RATE_LIMIT: '5' });
    try {
      for (let n = 0; n < 5; n++) {
        const ok = await request(t.app).get('/api/breaking-news').expect(200);
        expect(ok.headers.ratelimit).toMatch(new RegExp(`r=${4 - n}`));
        expect(ok.headers['ratelimit-policy']).toMatch(/q=5/);
      }
      const refused = await request(t.app).get('/api/articles').expect(429);
      expect(refused.body.message).toMatch(/Too many requests/);
      expect(refused.headers['retry-after']).toBeTruthy();
      expect((await request(t.app).post('/graphql').send({ query: '{ __typename }' })).status).toBe(429);
      // Pages and health checks are not API traffic.
      await request(t.app).get('/healthz').expect(200);
    } finally {
      await t.close();
    }
  });

  it('silently drops messages that fill the honeypot', async () => {
    const t = await createTestApp();
    try {
      const res = await request(t.app).post('/api/contact').send({ ...message(1), website: 'http://spam.example' }).expect(201);
      expect(res.body.reference).toMatch(/^INQ-/);
      expect(await t.db.orm.em.fork().count(ContactMessage, {})).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('refuses bodies over 100 kB with 413 on REST and GraphQL', async () => {
    const t = await createTestApp();
    try {
      const big = 'x'.repeat(110 * 1024);
      const rest = await request(t.app).post('/api/contact').send({ ...message(1), message: big }).expect(413);
      expect(rest.body.message).toBe('Request body too large');
      const gql = await request(t.app).post('/graphql').send({ query: `{ __typename } # ${big}` });
      expect(gql.status).toBe(413);
    } finally {
      await t.close();
    }
  });
});

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au' });
    t = await createTestApp({}, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }) });
  }, 120_000);
  afterAll(() => t.close());

  it('sends a strict CSP: scripts only from the site, inline styles only by their hashes', async () => {
    const res = await request(t.app).get('/about').expect(200);
    const csp = res.headers['content-security-policy'];
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self';"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|nonce-)/);
    // No inline script runs: the page's inline scripts are data blocks only.
    const inlineScripts = [...res.text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attrs of inlineScripts) expect(attrs).toMatch(/type="application\/(ld\+)?json"/);
    const styles = [...res.text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles.length).toBeGreaterThan(0);
    const styleSrc = /style-src ([^;]*)/.exec(csp)![1];
    for (const css of styles) expect(styleSrc).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    expect(styleSrc).not.toContain('unsafe-inline');
    // The same bytes and policy for every reader: nothing per-response to leak through a shared cache.
    const second = await request(t.app).get('/about');
    expect(second.text).toBe(res.text);
    expect(second.headers['content-security-policy']).toBe(csp);
  });

  it('revalidates an unchanged page with a 304', async () => {
    const first = await request(t.app).get('/contact').expect(200);
    expect(first.headers['cache-control']).toMatch(/^public, /);
    expect(first.headers['cache-control']).toMatch(/s-maxage=\d+/);
    expect(first.headers['cache-control']).toMatch(/stale-while-revalidate=\d+/);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const second = await request(t.app).get('/contact').expect(200);
    expect(second.headers.etag).toBe(etag);
    const revalidated = await request(t.app).get('/contact').set('If-None-Match', etag).expect(304);
    expect(revalidated.text ?? '').toBe('');
  });

  it('sends HSTS, nosniff and a Referrer-Policy, and no X-Powered-By', async () => {
    const res = await request(t.app).get('/api/breaking-news').expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows Apollo Sandbox only on GET /graphql', async () => {
    const res = await request(t.app).get('/graphql').set('Accept', 'text/html').expect(200);
    expect(res.headers['content-security-policy']).toContain('https://embeddable-sandbox.cdn.apollographql.com');
    const page = await request(t.app).get('/');
    expect(page.headers['content-security-policy']).not.toContain('apollographql.com');
  });

  it('keeps CSRF prevention on for GraphQL GET requests', async () => {
    const res = await request(t.app).get('/graphql?query=%7B__typename%7D');
    expect(res.status).toBe(400);
    const allowed = await request(t.app).get('/graphql?query=%7B__typename%7D').set('apollo-require-preflight', 'true').expect(200);
    expect(allowed.body.data.__typename).toBe('Query');
  });
});
