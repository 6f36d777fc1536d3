import type { Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { createHttpServer } from './http-server.js';

const app = express();
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});

let server: Server;
let port: number;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createHttpServer(app, loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '3', HEADERS_TIMEOUT_MS: '20000' }).http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** A connection from `from` (a loopback address of its own), open once connected. */
function open(from: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => resolve(socket));
    sockets.add(socket);
    socket.on('error', reject);
  });
}

/** A request on a new connection from `from`: the answer's first line, or null when the server closed it unanswered. */
function ask(from: string): Promise<string | null> {
  return new Promise((resolve) => {
    let received = '';
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
    sockets.add(socket);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received ? received.split('\r\n')[0] : null));
  });
}

/** Connections the server holds open: those it has counted. */
function held(): Promise<number> {
  return new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
}

describe('connections per address', () => {
  it('closes connections beyond the cap from one address while other addresses are served', async () => {
    const hoard = await Promise.all([open('127.0.0.2'), open('127.0.0.2'), open('127.0.0.2')]);
    await expect.poll(held).toBe(3);
    expect(await ask('127.0.0.2')).toBeNull();
    expect(await ask('127.0.0.3')).toBe('HTTP/1.1 200 OK');

    // A closed one frees its place.
    hoard[0].destroy();
    await expect.poll(held).toBe(2);
    expect(await ask('127.0.0.2')).toBe('HTTP/1.1 200 OK');
  });

  it('is off behind a trusted proxy, whose address every reader shares', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).http.maxConnectionsPerAddress).toBe(0);
    expect(loadConfig({}).http.maxConnectionsPerAddress).toBe(100);
  });
});
