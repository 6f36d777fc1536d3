import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './e2e-settings';
import { expect, test } from './fixtures';

/**
 * Partners from anywhere: a browser app on another origin reads the API (and cannot write through
 * it), and the schema explorer at /graphiql works with nothing but this site (no CDN).
 */

const ARTICLES_QUERY = '{ articles(first: 2) { nodes { id title } } }';

/** A partner key's own limit a minute, unlike the server's anonymous and default key limits. */
const KEY_LIMIT = 77;
const owner = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

/** The owner's GraphQL, as the site's owner manages partners' keys (the same service as `npm run keys:create`). */
async function ownerGraphql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown>): Promise<T> {
  const answer = await request.post('/graphql', { headers: { ...owner, 'Apollo-Require-Preflight': 'true' }, data: { query, variables } });
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const CREATE_KEY = 'mutation ($name: String!, $limit: Int) { createApiKey(name: $name, limitPerMinute: $limit) { key limitPerMinute } }';
const REVOKE_KEY = 'mutation ($name: String!) { revokeApiKey(name: $name) { revokedAt } }';

test.describe('partners from anywhere', () => {
  // The partner's app: a page served by the test on another port, so another origin than the site's
  // (on the same machine, which Chromium's private network rules require for a test without TLS).
  let partner: Server;
  let partnerOrigin: string;
  test.beforeAll(async () => {
    partner = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Partner app</title><p>Partner app</p>'));
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
    partnerOrigin = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => partner.close(() => resolve())));

  test('a page on another origin queries GraphQL and REST, and cannot send an inquiry', async ({ page, baseURL, consoleGuard }) => {
    await page.goto(`${partnerOrigin}/app`);
    expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);
    // The refused inquiry shows up in the console as a CORS failure: that is the point.
    consoleGuard.allow(/CORS|Failed to load resource|net::ERR_FAILED/i);

    const results = await page.evaluate(
      async ({ api, query }) => {
        const graphql = await fetch(`${api}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query }) });
        const rest = await fetch(`${api}/api/articles?limit=2`);
        let inquiry = 'sent';
        try {
          await fetch(`${api}/api/contact`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ name: 'Partner', email: 'partner@example.com', subject: 'Hi', message: 'From another origin', inquiryType: 'general' }),
          });
        } catch (error) {
          inquiry = `refused: ${(error as Error).name}`;
        }
        return {
          graphql: (await graphql.json()) as { data?: { articles: { nodes: { id: string }[] } } },
          rest: (await rest.json()) as unknown[],
          inquiry,
        };
      },
      { api: baseURL!, query: ARTICLES_QUERY },
    );
    expect(results.graphql.data?.articles.nodes).toHaveLength(2);
    expect(results.rest).toHaveLength(2);
    expect(results.inquiry).toBe('refused: TypeError');
  });

  test('GraphiQL at /graphiql runs a query with nothing but this site, under its Content-Security-Policy', async ({ page, baseURL }) => {
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(baseURL!) && !url.startsWith('data:') && !url.startsWith('blob:')) elsewhere.push(url);
    });
    // GraphiQL reads the schema (introspection) first; a query runs once the editor is ready.
    const introspection = page.waitForResponse((r) => r.url().endsWith('/graphql') && r.request().postData()?.includes('IntrospectionQuery') === true);
    const response = await page.goto('/graphiql');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect((await introspection).status()).toBe(200);

    await expect(page.locator('.graphiql-query-editor')).toContainText('LatestArticles');
    await expect(async () => {
      await page.locator('.graphiql-execute-button').click();
      await expect(page.locator('.graphiql-response')).toContainText('"totalCount"', { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    // The schema (introspection) reached the documentation explorer: the Query type is listed.
    await page.getByRole('button', { name: /show documentation explorer/i }).click();
    await expect(page.locator('.graphiql-doc-explorer')).toContainText('Query');
    expect(elsewhere, 'requests to hosts other than the site').toEqual([]);
    // The consoleGuard fixture fails the test on any console error: a CSP violation is one.
  });
});

test.describe("partners' API keys", () => {
  // Reads no other spec asks for, so the first of each is the one that fills the response cache.
  const GRAPHQL_QUERY = '{ articles(first: 7) { nodes { id title } } }';
  const REST_PATH = '/api/articles?limit=7';
  let key: string;
  let keyName: string;
  let revoked: string;
  /** Requests admitted with the key so far: its limit counts them, and so does its daily usage. */
  let sent = 0;

  test.beforeAll(async ({ request }) => {
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    keyName = `Partner E2E ${run}`;
    key = (await ownerGraphql<{ createApiKey: { key: string; limitPerMinute: number } }>(request, CREATE_KEY, { name: keyName, limit: KEY_LIMIT })).createApiKey.key;
    const gone = `Partner E2E revoked ${run}`;
    revoked = (await ownerGraphql<{ createApiKey: { key: string } }>(request, CREATE_KEY, { name: gone })).createApiKey.key;
    await ownerGraphql(request, REVOKE_KEY, { name: gone });
  });

  /** Sends one keyed read and checks the key's own RateLimit headers on its answer. */
  async function keyed(send: () => Promise<APIResponse>): Promise<APIResponse> {
    const answer = await send();
    expect(answer.status(), await answer.text()).toBe(200);
    sent += 1;
    const headers = answer.headers();
    expect(headers['ratelimit-policy']).toMatch(new RegExp(`^"${KEY_LIMIT}-in-1min"; q=${KEY_LIMIT}; w=60; pk=:[^:]+:$`));
    expect(headers.ratelimit).toMatch(new RegExp(`^"${KEY_LIMIT}-in-1min"; r=${KEY_LIMIT - sent}; t=\\d+$`));
    return answer;
  }

  /** The read cold (the cache fills), then warm: asked again until the cache answers, each answer the key's. */
  async function coldThenWarm(send: () => Promise<APIResponse>): Promise<unknown> {
    const cold = await keyed(send);
    expect(cold.headers()['x-cache']).toBe('MISS');
    const body = await cold.json();
    // Answers are compressed before they are kept: the cache holds it once that is done.
    await expect(async () => {
      const warm = await keyed(send);
      expect(warm.headers()['x-cache']).toBe('HIT');
      expect(await warm.json()).toEqual(body);
    }).toPass({ timeout: 10_000 });
    return body;
  }

  test('a GraphQL POST and a REST GET with a key: 200 cold and warm, counted against the key\'s own limit and in its usage', async ({ request }) => {
    const graphql = (await coldThenWarm(() =>
      request.post('/graphql', { headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' }, data: { query: GRAPHQL_QUERY } }),
    )) as { data: { articles: { nodes: unknown[] } } };
    expect(graphql.data.articles.nodes).toHaveLength(7);
    const rest = (await coldThenWarm(() => request.get(REST_PATH, { headers: { 'X-Api-Key': key } }))) as unknown[];
    expect(rest).toHaveLength(7);

    // The owner's list shows today's requests with the key: every admitted one, written within seconds.
    await expect
      .poll(
        async () => {
          const list = (await (await request.get('/api/admin/api-keys', { headers: owner })).json()) as { apiKeys: { name: string; usage: { requests: number }[] }[] };
          return list.apiKeys.find(({ name }) => name === keyName)?.usage.reduce((total, day) => total + day.requests, 0);
        },
        { timeout: 15_000 },
      )
      .toBe(sent);
  });

  test('a revoked key and a malformed one are refused with 401 naming the header, even for an answer the cache holds', async ({ request }) => {
    // The cache holds both reads (the test before filled it, or this one does).
    await expect(async () => expect((await request.get(REST_PATH)).headers()['x-cache']).toBe('HIT')).toPass({ timeout: 10_000 });
    for (const [presented, message] of [
      [revoked, /has been revoked/],
      ['not-a-key', /^Malformed X-Api-Key header/],
    ] as const) {
      const answers = [
        await request.post('/graphql', { headers: { 'X-Api-Key': presented, 'Content-Type': 'application/json' }, data: { query: GRAPHQL_QUERY } }),
        await request.get(REST_PATH, { headers: { 'X-Api-Key': presented } }),
      ];
      for (const answer of answers) {
        expect(answer.status()).toBe(401);
        expect(answer.headers()['www-authenticate']).toBe('ApiKey realm="api", header="X-Api-Key"');
        expect(answer.headers()['x-cache']).toBeUndefined();
        expect(((await answer.json()) as { message: string }).message).toMatch(message);
      }
    }
  });
});
