/**
 * One way through the server: the same request answers the same whether the response cache is
 * empty (cold) or holds the answer (warm). Through the server's real listener on a real port, as
 * production runs it, each request of the matrix is sent cold and warm, each time from a client
 * (and with a key) of its own, and the two answers are compared: status, every header but those
 * of the moment (Date, Age, X-Cache) and of framing, the body, the request log line, the counters
 * (limits, partner keys' usage, page views).
 */
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { type App, createApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { createHttpServer } from '../lifecycle/http-server.js';
import { rawRequest, type RawResponse } from '../test/raw-http.js';

const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
const API_LIMIT = 6;
const SITE = 'https://news.example.au';
const QUERY = '{ breakingNews { id title } }';
const QUERY_TARGET = `/graphql?query=${encodeURIComponent(QUERY)}`;
const POST_BODY = JSON.stringify({ query: QUERY });
const READER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

let db: TestDatabase;
let app: App;
let server: Server;
let port: number;
let editorToken: string;
const logLines: Record<string, unknown>[] = [];

/** A stand-in for the web app: an HTML page with its validator, as server rendering answers. */
const page = () => [
  (_req: unknown, res: { type(t: string): { send(body: string): void } }) => res.type('html').send('<!doctype html><title>Home</title><p>Home</p>'),
];

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: SITE, ADMIN_TOKEN, API_RATE_LIMIT: String(API_LIMIT), TRUST_PROXY: 'loopback' });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  // Every answered request is logged (the log samples successes with Math.random).
  vi.spyOn(Math, 'random').mockReturnValue(0);
  app = await createApp({ config, orm: db.orm, logger: pino({ level: 'info' }, sink), web: page as never });
  editorToken = (await createServices(db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' })).token;
  server = createHttpServer(app.app, config.http, app.listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise((resolve) => server?.close(resolve));
  await app?.close();
  await db?.close();
});

let clients = 0;
/** A client no request has come from yet: its limits start full. */
const freshClient = () => {
  clients += 1;
  return `10.9.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};

let keys = 0;
async function partnerKey({ revoked = false } = {}): Promise<{ name: string; key: string }> {
  keys += 1;
  const name = `Parity Partner ${keys}`;
  const services = createServices(db.orm.em.fork());
  const created = await services.apiKeys.createKey({ name });
  if (revoked) await createServices(db.orm.em.fork()).apiKeys.revokeKey(name);
  return { name, key: created.key };
}

interface Case {
  name: string;
  method: string;
  target: string;
  headers?: Record<string, string>;
  body?: string;
  /** Headers that make each of the pair its own partner (a valid or revoked key each). */
  identity?: () => Promise<Record<string, string>>;
  /** Requests from the same client before the compared one (to reach the limit). */
  before?: number;
  /** The anonymous read whose answer the cache holds for the warm request (default: the case's own). */
  fill?: Case;
}

function head(c: Case, client: string, extra: Record<string, string>): string {
  const headers: Record<string, string> = { Host: 'news.example.au', 'X-Forwarded-For': client, ...c.headers, ...extra };
  if (c.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(c.body));
  return [`${c.method} ${c.target} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join('\r\n');
}

/** What must be the same cold and warm. */
interface Observed {
  status: number;
  headers: Record<string, string>;
  body: string;
  log: Record<string, unknown>[];
  pageViews: number;
}

/** Headers of the moment and of framing (how the same bytes travel), left out of the comparison. */
const UNCOMPARED = new Set(['date', 'age', 'x-cache', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

function observed(res: RawResponse, log: Record<string, unknown>[], pageViews: number): Observed {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (UNCOMPARED.has(name)) continue;
    // The client's partition key and the seconds left in its window differ by client and by clock.
    if (name === 'retry-after') headers[name] = 'seconds';
    else if (name.startsWith('ratelimit')) headers[name] = value.replace(/pk=:[^:]*:/, 'pk=:client:').replace(/; t=\d+/, '; t=seconds');
    else headers[name] = value;
  }
  const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.bytes).toString('utf8') : res.body;
  return { status: res.status, headers, body, log, pageViews };
}

/** Sends one request as a new client and observes it, with the log lines and page views it caused. */
async function send(c: Case, extra: Record<string, string> = {}): Promise<Observed> {
  const client = freshClient();
  for (let i = 0; i < (c.before ?? 0); i++) await rawRequest(port, head(c, client, extra), c.body);
  const logged = logLines.length;
  const views = app.analytics.stats.views;
  const res = await rawRequest(port, head(c, client, extra), c.body);
  // The log line is written when the answer finishes: it is there once the client has the answer.
  const log = logLines.slice(logged).map(({ level, msg, method, url, status }) => ({ level, msg, method, url, status }));
  return observed(res, log, app.analytics.stats.views - views);
}

/** What differs between a cold and a warm answer, one line each. */
function differencesOf(cold: Observed, warm: Observed): string[] {
  const lines: string[] = [];
  const show = (value: unknown) => JSON.stringify(value)?.slice(0, 200);
  if (cold.status !== warm.status) lines.push(`status ${cold.status} cold, ${warm.status} warm`);
  for (const name of new Set([...Object.keys(cold.headers), ...Object.keys(warm.headers)])) {
    if (cold.headers[name] !== warm.headers[name]) lines.push(`${name}: ${show(cold.headers[name])} cold, ${show(warm.headers[name])} warm`);
  }
  if (cold.body !== warm.body) lines.push(`body: ${show(cold.body)} cold, ${show(warm.body)} warm`);
  if (show(cold.log) !== show(warm.log)) lines.push(`log: ${show(cold.log)} cold, ${show(warm.log)} warm`);
  if (cold.pageViews !== warm.pageViews) lines.push(`page views: ${cold.pageViews} cold, ${warm.pageViews} warm`);
  return lines;
}

/** The anonymous form of a case, which the response cache keeps. */
const filler = ({ fill: c = {} as Case, ...own }: Case): Case => anonymousForm(c.target ? c : own);
const anonymousForm = (c: Case): Case => ({ name: 'fill', method: c.method === 'POST' ? 'POST' : 'GET', target: c.target, headers: c.headers?.['Apollo-Require-Preflight'] ? { 'Apollo-Require-Preflight': 'true', ...(c.body ? { 'Content-Type': 'application/json' } : {}) } : { 'User-Agent': READER }, body: c.body });

/** Fills the cache with the case's answer: sends its anonymous form until it is answered from the cache. */
async function warmUp(c: Case): Promise<void> {
  const deadline = Date.now() + 10_000;
  let last: RawResponse | null = null;
  while (Date.now() < deadline) {
    const fill = filler(c);
    last = await rawRequest(port, head(fill, freshClient(), { 'Accept-Encoding': 'identity' }), fill.body);
    if (last.headers['x-cache'] === 'HIT') return;
  }
  throw new Error(`${c.method} ${c.target} was never answered from the cache: ${JSON.stringify(last)}`);
}

const gql = { 'Apollo-Require-Preflight': 'true' };
const json = { ...gql, 'Content-Type': 'application/json' };
const navigation = { 'User-Agent': READER, Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };
const validKey = async () => ({ 'X-Api-Key': (await partnerKey()).key });
const revokedKey = async () => ({ 'X-Api-Key': (await partnerKey({ revoked: true })).key });

/** The matrix: every kind of caller and method on each kind of cached read. */
function matrix(): Case[] {
  const reads: Case[] = [
    { name: 'REST read', method: 'GET', target: '/api/articles?limit=3' },
    { name: 'GraphQL GET', method: 'GET', target: QUERY_TARGET, headers: gql },
    { name: 'GraphQL POST', method: 'POST', target: '/graphql', headers: json, body: POST_BODY },
    { name: 'page', method: 'GET', target: '/', headers: navigation },
  ];
  const cases: Case[] = [];
  for (const read of reads) {
    const as = (name: string, more: Partial<Case>): Case => ({ ...read, ...more, fill: read, name: `${read.name}, ${name}`, headers: { ...read.headers, ...more.headers } });
    cases.push(
      as('anonymous', {}),
      as('gzip', { headers: { 'Accept-Encoding': 'gzip' } }),
      as('identity', { headers: { 'Accept-Encoding': 'identity' } }),
      as('valid key', { identity: validKey }),
      as('revoked key', { identity: revokedKey }),
      as('malformed key', { headers: { 'X-Api-Key': 'not-a-key' } }),
      as('a cookie', { headers: { Cookie: 'session=abc' } }),
      as('an editor token', { headers: { Authorization: `Bearer ${editorToken}` } }),
      as('another origin', { headers: { Origin: 'https://partner.example.com' } }),
      as('HEAD', { method: 'HEAD', body: undefined }),
      as('an unknown method', { method: 'PROPFIND', body: undefined }),
      as('a preflight', { method: 'OPTIONS', body: undefined, headers: { Origin: 'https://partner.example.com', 'Access-Control-Request-Method': read.method, 'Access-Control-Request-Headers': 'content-type, x-api-key' } }),
    );
    if (read.target !== '/') cases.push(as('at the limit', { before: API_LIMIT }));
  }
  return cases;
}

describe('cold and warm answers through the real listener', () => {
  it('are the same for every request of the matrix', async () => {
    const differences: string[] = [];
    const usage: [string, string][] = [];
    for (const c of matrix()) {
      app.cache!.invalidate();
      const coldIdentity = (await c.identity?.()) ?? {};
      const cold = await send(c, coldIdentity);
      await warmUp(c);
      const warmIdentity = (await c.identity?.()) ?? {};
      const warm = await send(c, warmIdentity);
      if (coldIdentity['X-Api-Key']) usage.push([coldIdentity['X-Api-Key'], warmIdentity['X-Api-Key']]);
      for (const difference of differencesOf(cold, warm)) differences.push(`${c.name} (${c.method} ${c.target}): ${difference}`);
    }
    expect(differences).toEqual([]);
    // A 304 answers alike too: the validator of the cold answer, sent again warm.
    for (const c of matrix().filter((m) => m.name.endsWith('anonymous') && m.method === 'GET')) {
      app.cache!.invalidate();
      const etag = (await rawRequest(port, head(c, freshClient(), {}), c.body)).headers.etag;
      expect(etag, c.target).toBeDefined();
      app.cache!.invalidate();
      const conditional = { ...c, headers: { ...c.headers, 'If-None-Match': etag } };
      const cold = await send(conditional);
      await warmUp(c);
      const warm = await send(conditional);
      expect(cold.status, c.target).toBe(304);
      expect(differencesOf(cold, warm), c.target).toEqual([]);
    }
    // Partners' usage: each key of a pair counted the same.
    await app.apiKeyUsage.flush();
    const listed = await createServices(db.orm.em.fork()).apiKeys.listKeys();
    const requestsOf = (key: string) => listed.find((k) => key.startsWith(k.prefix))?.usage.reduce((sum, day) => sum + day.requests, 0) ?? 0;
    for (const [cold, warm] of usage) expect(requestsOf(warm)).toBe(requestsOf(cold));
  }, 120_000);

  it('answers HEAD of a GraphQL query alike, cold and warm', async () => {
    app.cache!.invalidate();
    const c: Case = { name: 'HEAD', method: 'HEAD', target: QUERY_TARGET, headers: gql };
    const cold = await send(c);
    await warmUp(c);
    expect(cold.status).toBe(200);
    expect(await send(c)).toEqual(cold);
  });
});
