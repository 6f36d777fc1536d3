import { createServer, IncomingMessage, type RequestListener, type Server, ServerResponse } from 'node:http';
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
 * - connections beyond maxConnections are closed as they arrive.
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
  return server;
}
