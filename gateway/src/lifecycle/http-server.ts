import { createServer, IncomingMessage, type RequestListener, type Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';
import type { HttpLimits } from '../config/config.js';

/**
 * Constructors for the server's requests and answers whose prototypes are Express's own
 * (`app.request`, `app.response`). Express gives every request and answer its prototypes as it
 * starts handling them (`Object.setPrototypeOf`), and changing an object's prototype makes V8 slow
 * for every later use of that object: a bare one-route Express app answered 0.28 of node:http's
 * requests per second that way, 0.61-0.68 with objects born with those prototypes, for which
 * Express's change is a no-op.
 */
function bornWithPrototypesOf(app: Pick<Express, 'request' | 'response'>) {
  function Request(this: unknown, ...args: unknown[]) {
    return Reflect.construct(IncomingMessage, args, Request) as IncomingMessage;
  }
  Request.prototype = app.request;
  function Response(this: unknown, ...args: unknown[]) {
    return Reflect.construct(ServerResponse, args, Response) as ServerResponse;
  }
  Response.prototype = app.response;
  return { IncomingMessage: Request as unknown as typeof IncomingMessage, ServerResponse: Response as unknown as typeof ServerResponse };
}

/**
 * The HTTP server with limits against slow and hoarding clients:
 * - a request whose headers, or whole body, arrive too slowly gets 408 and its connection closes
 *   (a body sent one byte every few seconds no longer holds a connection for minutes); a
 *   connection that sends nothing at all closes when the headers timeout passes;
 * - a socket on which nothing moves either way (a client that stops reading its answer) closes
 *   after the request timeout;
 * - a kept-alive connection waits for its next request only keepAliveTimeoutMs;
 * - connections beyond maxConnections are closed as they arrive, and so are those beyond
 *   maxConnectionsPerAddress from one address, so one client cannot take every connection;
 * `listener` answers the requests: the app's own (`App.listener`, decision 039) or the app itself.
 * Node checks the request and header timeouts periodically: here at least every second, so a timeout
 * fires within a second of its setting (Node's default check is every 30 s).
 */
export function createHttpServer(app: RequestListener & Pick<Express, 'request' | 'response'>, limits: HttpLimits, listener: RequestListener = app): Server {
  const checkEveryMs = Math.max(25, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4)));
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: checkEveryMs,
      ...bornWithPrototypesOf(app),
    },
    listener,
  );
  // Inactivity on a socket (nothing received or sent), e.g. a client that stops reading a response.
  // An answer is written well within it, so none is cut off.
  server.timeout = limits.requestTimeoutMs;
  server.maxConnections = limits.maxConnections;
  if (limits.maxConnectionsPerAddress > 0 && limits.maxConnectionsPerAddress < limits.maxConnections) {
    capConnectionsPerAddress(server, limits.maxConnectionsPerAddress);
  }
  return server;
}

/** The address a connection counts against: an IPv4-mapped IPv6 address counts as its IPv4 one. */
function addressOf(socket: Socket): string | undefined {
  const address = socket.remoteAddress;
  return address?.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * Closes a connection as it arrives when its address already holds `cap` open ones. The table
 * holds only addresses with a connection open, so it never outgrows the process's own cap.
 */
export function capConnectionsPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = addressOf(socket);
    if (address === undefined) return;
    const held = open.get(address) ?? 0;
    if (held >= cap) {
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
