/**
 * Each route's body and auth are applied as its declaration says (route-table.ts), by the request
 * gate, through the server's real listener on a real port. The cases are built from the
 * declarations themselves: a route whose declared size or auth were not applied (or applied by a
 * handler's own guess) fails here, whichever route it is.
 */
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_UPLOAD_LIMITS, createServices } from '../../../schema/src/index.js';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { type App, createApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { createHttpServer } from '../lifecycle/http-server.js';
import { type BodyPolicy, ROUTES, type RoutePolicy } from './route-table.js';

const ADMIN_TOKEN = 'owner-token-0123456789abcdef';

let db: TestDatabase;
let app: App;
let server: Server;
let port: number;
let editorToken: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au', ADMIN_TOKEN, API_RATE_LIMIT: '100000', PAGE_RATE_LIMIT: '100000' });
  app = await createApp({ config, orm: db.orm, logger: pino({ level: 'silent' }) });
  // The newsroom's role: content, nothing of the owner's.
  editorToken = (await createServices(db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' })).token;
  server = createHttpServer(app.app, config.http, app.listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await app?.close();
  await db?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends a request over a plain socket and reads the answer until the server closes. With
 * `declaredLength` and no body, only the headers go: a refusal by length must come before a byte
 * of the body is read.
 */
function send(method: string, target: string, headers: Record<string, string> = {}, body?: string | Buffer, declaredLength?: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may close while a refused body is still on its way: the answer it sent is what counts.
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`${method} ${target}: no answer`));
      const [statusLine, ...lines] = raw.slice(0, split).split('\r\n');
      const answer: Answer = { status: Number(statusLine.split(' ')[1]), headers: {}, body: raw.slice(split + 4) };
      for (const line of lines) answer.headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve(answer);
    });
    const length = declaredLength ?? (body === undefined || headers['Transfer-Encoding'] ? undefined : Buffer.byteLength(body));
    const head = { Host: 'news.example.au', ...headers, ...(length === undefined ? {} : { 'Content-Length': String(length) }), Connection: 'close' };
    socket.write(`${method} ${target} HTTP/1.1\r\n${Object.entries(head).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`);
    if (body !== undefined) socket.write(body);
  });
}

/** A path the declaration answers: each `:name` a `1`, a trailing `*` a segment. */
const pathOf = (route: RoutePolicy) => route.path.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
const WRITES = ['POST', 'PUT', 'PATCH'];
const bodyWrites = ROUTES.filter((route) => route.body).flatMap((route) => route.methods.filter((m) => WRITES.includes(m)).map((method) => ({ route, method, body: route.body! })));
const guarded = ROUTES.filter((route) => route.auth !== 'anyone');
const owner = { Authorization: `Bearer ${ADMIN_TOKEN}` };
/** The credentials a route's auth needs to let a body through. */
const credentialsFor = (route: RoutePolicy) => (route.auth === 'anyone' ? {} : owner);

/** A body of exactly `bytes` bytes the reader takes, with its type. */
function bodyOf(policy: BodyPolicy, bytes: number): { type: string; body: string } {
  switch (policy.reader) {
    case 'form':
    case 'formOrJson':
      return { type: 'application/x-www-form-urlencoded', body: `x=${'a'.repeat(bytes - 2)}` };
    case 'vitals':
      return { type: 'text/plain', body: `{"x":"${'a'.repeat(bytes - 8)}"}` };
    case 'stream':
      return { type: 'application/activity+json', body: `{"x":"${'a'.repeat(bytes - 8)}"}` };
    case 'authorPhoto': {
      // A form field takes what the file (at most its own 10 MB) leaves of the bytes.
      const boundary = 'declared-policy';
      const field = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`;
      const file = `\r\n--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
      const end = `\r\n--${boundary}--\r\n`;
      const room = bytes - field.length - file.length - end.length;
      const fileBytes = Math.min(room - 1, COVER_UPLOAD_LIMITS.maxBytes);
      return { type: `multipart/form-data; boundary=${boundary}`, body: field + 'n'.repeat(room - fileBytes) + file + 'a'.repeat(fileBytes) + end };
    }
    default:
      return { type: 'application/json', body: `{"x":"${'a'.repeat(bytes - 8)}"}` };
  }
}

describe('every declared body is read by its reader, within its declared size', () => {
  it('has routes of every reader to try', () => {
    expect(new Set(bodyWrites.map(({ body }) => body.reader))).toEqual(new Set(['graphql', 'json', 'articleWrite', 'authorPhoto', 'form', 'formOrJson', 'vitals', 'stream']));
  });

  it.each(bodyWrites.map((c) => [`${c.method} ${c.route.path}`, c] as const))('%s: a body one byte over the limit answers 413', async (_name, { route, method, body }) => {
    const { type, body: payload } = bodyOf(body, body.limit + 1);
    const answer = await send(method, pathOf(route), { ...credentialsFor(route), 'Content-Type': type, 'Apollo-Require-Preflight': 'true' }, payload);
    expect(answer.status, answer.body).toBe(413);
    // A picture's form names its field.
    expect(JSON.parse(answer.body).message).toMatch(/^Request body too large|^Photo must be at most/);
  });

  // An actor's inbox here has no actor behind it, and Fedify leaves a large body to an unknown actor unread: the shared inbox stands for both.
  const readable = bodyWrites.filter(({ route, body }) => !(body.reader === 'stream' && route.path.includes(':')));
  it.each(readable.map((c) => [`${c.method} ${c.route.path}`, c] as const))('%s: a body of exactly the limit is read', async (_name, { route, method, body }) => {
    const { type, body: payload } = bodyOf(body, body.limit);
    expect(Buffer.byteLength(payload)).toBe(body.limit);
    const answer = await send(method, pathOf(route), { ...credentialsFor(route), 'Content-Type': type, 'Apollo-Require-Preflight': 'true' }, payload);
    expect([413, 415, 411], answer.body).not.toContain(answer.status);
  });

  it.each(bodyWrites.filter(({ body }) => ['json', 'form', 'vitals', 'articleWrite', 'authorPhoto'].includes(body.reader)).map((c) => [`${c.method} ${c.route.path}`, c] as const))(
    '%s: a body of another type answers 415 naming the types taken',
    async (_name, { route, method }) => {
      const answer = await send(method, pathOf(route), { ...credentialsFor(route), 'Content-Type': 'application/xml' }, '<x/>');
      expect(answer.status, answer.body).toBe(415);
      expect(JSON.parse(answer.body).message).toMatch(/Content-Type|Send the form as/);
    },
  );

  it('answers malformed JSON with 400 naming the problem', async () => {
    const answer = await send('POST', '/api/contact', { 'Content-Type': 'application/json' }, '{"name": ');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toMatch(/^Malformed JSON body/);
  });

  it("reads an editor's GraphQL body up to the declared editor limit, anyone else's up to the limit", async () => {
    const graphql = ROUTES.find((route) => route.body?.reader === 'graphql')!;
    const { body } = bodyOf(graphql.body!, graphql.body!.limit + 1);
    const headers = { 'Content-Type': 'application/json', 'Apollo-Require-Preflight': 'true' };
    expect((await send('POST', graphql.path, headers, body)).status).toBe(413);
    expect((await send('POST', graphql.path, { ...headers, Authorization: `Bearer ${editorToken}` }, body)).status).not.toBe(413);
    const beyond = await send('POST', graphql.path, { ...headers, Authorization: `Bearer ${editorToken}` }, bodyOf(graphql.body!, graphql.body!.editorLimit! + 1).body);
    expect(beyond.status).toBe(413);
  });

  it('refuses an article write whose multipart body is declared over its declared limit, before reading it', async () => {
    const articles = ROUTES.find((route) => route.body?.reader === 'articleWrite')!;
    const answer = await send('POST', articles.path, { ...owner, 'Content-Type': 'multipart/form-data; boundary=x' }, undefined, articles.body!.multipartLimit! + 1);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
  });

  it('asks a streamed body for its length first: 411 without one', async () => {
    const inbox = ROUTES.find((route) => route.body?.reader === 'stream')!;
    const answer = await send('POST', pathOf(inbox), { 'Content-Type': 'application/activity+json', 'Transfer-Encoding': 'chunked' }, 'a\r\n{"type":1}\r\n0\r\n\r\n');
    expect(answer.status).toBe(411);
  });
});

describe('every declared auth is checked before the handler and before the body', () => {
  it('has routes needing each permission a route can ask for', () => {
    expect([...new Set(guarded.map((route) => route.auth))]).toEqual(expect.arrayContaining(['content', 'inquiries', 'apiKeys', 'analytics']));
  });

  const methodsOf = (route: RoutePolicy) => (route.methods.includes('GET') ? ['HEAD', ...route.methods] : route.methods);
  const cases = guarded.flatMap((route) => methodsOf(route).map((method) => [`${method} ${route.path}`, { route, method }] as const));

  it.each(cases)('%s answers 401 without a token, and with a wrong one, naming the scheme', async (_name, { route, method }) => {
    // A write declares a large body it never sends: the answer must not wait for it.
    const body: Record<string, string> = WRITES.includes(method) ? { 'Content-Type': 'application/json' } : {};
    const tokens: Record<string, string>[] = [{}, { Authorization: 'Bearer not-a-token-0123456789' }];
    for (const extra of tokens) {
      const answer = await send(method, pathOf(route), { ...body, ...extra }, undefined, WRITES.includes(method) ? 10_000_000 : undefined);
      expect(answer.status, `${method} ${route.path}: ${answer.body}`).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="admin"');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it.each(cases.filter(([, { route }]) => route.auth !== 'content'))("%s answers 403 to an editor whose role lacks the route's permission", async (_name, { route, method }) => {
    const answer = await send(method, pathOf(route), { Authorization: `Bearer ${editorToken}` });
    expect(answer.status, answer.body).toBe(403);
  });

  it('lets an editor through to a route declared with the content permission, and the owner to every one', async () => {
    expect((await send('GET', '/api/admin/articles', { Authorization: `Bearer ${editorToken}` })).status).toBe(200);
    for (const route of guarded.filter(({ methods, path }) => methods.includes('GET') && !path.includes(':') && !path.endsWith('*'))) {
      const answer = await send('GET', route.path, owner);
      expect(answer.status, `${route.path}: ${answer.body}`).toBe(200);
    }
  });
});
