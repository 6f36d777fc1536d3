import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { createWeb } from '../ssr/web.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** A schema explorer that needs no CDN (issue 'Beyond one process', item 5). */
describe('GraphiQL at /graphiql', () => {
  let t: TestApp;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au' });
    t = await createTestApp({}, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }) });
  }, 120_000);
  afterAll(() => t.close());

  it('serves the explorer page under the site policy: scripts and styles from the site only, no CDN', async () => {
    const res = await request(t.app).get('/graphiql').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<div id="graphiql">');
    expect(res.text).toMatch(/<script type="module" src="\/[^"]*graphiql[^"]*"><\/script>/);
    // Nothing is loaded from another host, and no inline script runs.
    expect(res.text).not.toMatch(/(src|href)="https?:\/\//);
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/apollographql|unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(res.headers['cache-control']).toMatch(/public/);
    expect(res.headers.etag).toBeTruthy();
    await request(t.app).get('/graphiql').set('If-None-Match', res.headers.etag).expect(304);
  });

  it('links to GraphiQL from the Apollo Sandbox page, where Sandbox says it cannot be loaded', async () => {
    const res = await request(t.app).get('/graphql').set('Accept', 'text/html').expect(200);
    expect(res.text).toContain('Apollo Sandbox cannot be loaded');
    expect(res.text).toMatch(/<a href="\/graphiql">GraphiQL at \/graphiql<\/a>/);
    // The link sits in the fallback, next to the message a reader sees when the CDN is out of reach.
    expect(res.text.indexOf('href="/graphiql"')).toBeLessThan(res.text.indexOf('id="embeddableSandbox"'));
  });
});

describe('GraphQL field suggestions', () => {
  let prod: TestApp;
  let dev: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production' });
    dev = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await prod.close();
    await dev.close();
  });

  it('answers a mistyped field in production with a clean message, no suggestion and no mask', async () => {
    const res = await request(prod.app).post('/graphql').send({ query: '{ articles { nodes { titel } } }' }).expect(400);
    expect(res.body.errors[0].message).toBe('Cannot query field "titel" on type "Article".');
    expect(res.text).not.toMatch(/Did you mean|Suggestion hidden/i);
  });

  it.each([
    ['an unknown argument', '{ articles(frist: 1) { nodes { id } } }', 'Unknown argument "frist" on field "Query.articles".'],
    ['an unknown enum literal', '{ partners(placement: SIDEBARS) { id } }', 'Value "SIDEBARS" does not exist in "PartnerPlacement" enum.'],
  ])('is as clean for %s', async (_what, query, message) => {
    const res = await request(prod.app).post('/graphql').send({ query }).expect(400);
    expect(res.body.errors[0].message).toBe(message);
  });

  it('still suggests outside production', async () => {
    const res = await request(dev.app).post('/graphql').send({ query: '{ articles { nodes { titel } } }' }).expect(400);
    expect(res.body.errors[0].message).toBe('Cannot query field "titel" on type "Article". Did you mean "title"?');
  });
});
