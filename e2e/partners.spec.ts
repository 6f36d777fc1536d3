import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

/**
 * Partners from anywhere: a browser app on another origin reads the API (and cannot write through
 * it), and the schema explorer at /graphiql works with nothing but this site (no CDN).
 */

const ARTICLES_QUERY = '{ articles(first: 2) { nodes { id title } } }';

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
