/**
 * Which security headers a request gets is decided by its route for every request, cached reads
 * included: the Apollo sandbox's looser policy for a GraphQL GET, the site's strict one for everything else.
 */
import { describe, expect, it } from 'vitest';
import { routeTable } from '../routes/route-table.js';
import { securityHeaderLists } from './security-headers.js';

const lists = securityHeaderLists({ csp: true });
const csp = (list: [string, string][]) => list.find(([name]) => name === 'content-security-policy')?.[1] ?? '';
const routes = routeTable();
const listFor = (path: string, method = 'GET') => ((method === 'GET' || method === 'HEAD') && routes.routeFor(path).sandboxOnGet ? lists.sandbox : lists.site);

describe('securityHeaderLists', () => {
  it("gives a GraphQL GET the sandbox's policy and every other request the site's", () => {
    expect(csp(lists.site)).not.toMatch(/apollographql/);
    expect(csp(lists.sandbox)).toMatch(/sandbox\.embed\.apollographql\.com/);
    expect(listFor('/graphql')).toBe(lists.sandbox);
    expect(listFor('/graphql/')).toBe(lists.sandbox);
    expect(listFor('/graphql', 'POST')).toBe(lists.site);
    expect(listFor('/graphql', 'HEAD')).toBe(lists.sandbox);
    expect(listFor('/graphqlx')).toBe(lists.site);
    expect(listFor('/api/articles/9')).toBe(lists.site);
  });
});
