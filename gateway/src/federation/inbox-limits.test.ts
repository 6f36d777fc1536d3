import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ContextFor } from '../middleware/request-context.js';
import { blockedServerList } from './blocked-server-list.js';
import { federationRoutes, senderServer } from './federation.routes.js';
import type { FediverseSite } from './fediverse-site.js';

/** The inbox guard in front of a stand-in for Fedify that takes every activity it is handed. */
function app(perServerPerMinute: number, blockedServers: string[] = []) {
  const reached: string[] = [];
  const federation = {
    fetch: async (req: Request) => {
      reached.push(req.headers.get('signature') ?? 'unsigned');
      return new Response(null, { status: 202 });
    },
  } as unknown as Awaited<ReturnType<FediverseSite['federation']>>;
  const contextFor = (() => ({ services: {} })) as unknown as ContextFor;
  const server = express();
  server.use(...federationRoutes({ federation: async () => federation }, contextFor, { perServerPerMinute, blockedServers: blockedServerList({ configured: blockedServers }) }));
  return { server, reached };
}

const signedBy = (host: string) => `keyId="https://${host}/users/a#main-key",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="x"`;
const post = (server: express.Express, signature?: string) => {
  const req = request(server).post('/ap/inbox').set('Content-Type', 'application/activity+json');
  return (signature ? req.set('Signature', signature) : req).send('{}');
};

describe('inbox limits', () => {
  it('takes a server\'s activities up to its allowance a minute, then answers 429 with Retry-After, other servers unaffected', async () => {
    const { server, reached } = app(3);
    for (let i = 0; i < 3; i++) await post(server, signedBy('flood.example')).expect(202);
    const refused = await post(server, signedBy('flood.example')).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The site's one 429: its RateLimit headers, and a message naming the server.
    expect(refused.headers.ratelimit).toMatch(/^"3-in-1min"; r=0; t=\d+$/);
    expect(refused.body.message).toContain('flood.example');
    await post(server, signedBy('calm.example')).expect(202);
    expect(reached).toHaveLength(4);
  });

  it('refuses activities from a blocked server and its subdomains (403), before any other work', async () => {
    const { server, reached } = app(10, ['spam.example']);
    for (const host of ['spam.example', 'social.spam.example', 'SPAM.example:8443']) {
      const refused = await post(server, signedBy(host)).expect(403);
      expect(refused.text).toContain('refused');
    }
    await post(server, signedBy('notspam.example')).expect(202);
    expect(reached).toHaveLength(1);
  });

  it('names the sending server by its key\'s host, and none for a missing or malformed keyId', () => {
    expect(senderServer(signedBy('mastodon.example:8443'))).toBe('mastodon.example:8443');
    expect(senderServer(undefined)).toBeNull();
    expect(senderServer('keyId="not a url"')).toBeNull();
    expect(senderServer('algorithm="rsa-sha256"')).toBeNull();
  });
});
