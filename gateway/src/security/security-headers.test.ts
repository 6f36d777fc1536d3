/**
 * Which security headers a request gets is decided for every request, cached reads included:
 * the Apollo sandbox's looser policy for a GraphQL GET, the site's strict one for everything else.
 */
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { securityHeaderLists } from './security-headers.js';

const listFor = securityHeaderLists({ csp: true });
const csp = (list: [string, string][]) => list.find(([name]) => name === 'content-security-policy')?.[1] ?? '';

/** A request whose `path` getter counts how often the URL had to be parsed (Express's own getter parses it). */
function requestTo(url: string, method = 'GET', path = new URL(url, 'http://localhost').pathname) {
  const parsed = { count: 0 };
  const req = {
    url,
    method,
    get path() {
      parsed.count += 1;
      return path;
    },
  } as unknown as Request;
  return { req, parsed };
}

describe('securityHeaderLists', () => {
  it("gives a GraphQL GET the sandbox's policy and every other request the site's", () => {
    const site = csp(listFor(requestTo('/api/articles/9').req));
    const sandbox = csp(listFor(requestTo('/graphql?query=%7Bx%7D').req));
    expect(site).not.toMatch(/apollographql/);
    expect(sandbox).toMatch(/sandbox\.embed\.apollographql\.com/);
    expect(csp(listFor(requestTo('/graphql').req))).toBe(sandbox);
    expect(csp(listFor(requestTo('/graphql', 'POST').req))).toBe(site);
    expect(csp(listFor(requestTo('/graphql/').req))).toBe(site);
    expect(csp(listFor(requestTo('/graphqlx').req))).toBe(site);
    // An absolute-form target is judged by its path, as Express parses it.
    expect(csp(listFor(requestTo('http://example.com/graphql?query=x', 'GET', '/graphql').req))).toBe(sandbox);
  });

  it('parses the URL only where it could be /graphql (decision 044)', () => {
    for (const url of ['/api/articles/9', '/', '/articles/9?ref=home', '/graphql', '/graphql?query=%7Bx%7D']) {
      const { req, parsed } = requestTo(url);
      listFor(req);
      expect(parsed.count, url).toBe(0);
    }
    const odd = requestTo('/graphql#x', 'GET', '/graphql');
    expect(csp(listFor(odd.req))).toBe(csp(listFor(requestTo('/graphql').req)));
    expect(odd.parsed.count).toBe(1);
  });
});
