import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';

/** Handlers that run on a request in the server's listener, before Express sees it (decision 039). */
export interface BeforeExpress {
  /** The server's listener: the handlers, then the app for whatever they pass on. */
  listener: RequestListener;
  /**
   * Stands in the app's stack where the handlers belong: runs them for a request that reached the
   * app another way (a test's own server), and passes on what they passed for one that came through
   * the listener, so they run once either way.
   */
  inApp: RequestHandler;
}

/**
 * Runs handlers in order as Express's router does: a throw or a rejected promise is passed on as an
 * error. `done` must not throw: a throw from it would reach the step that called it and run it again.
 */
export function runInOrder(handlers: readonly RequestHandler[], req: Request, res: Response, done: (error?: unknown) => void): void {
  let index = 0;
  const step = (error?: unknown): void => {
    const handler = handlers[index++];
    if (error || !handler) return done(error);
    try {
      const result: unknown = handler(req, res, step);
      if (result instanceof Promise) result.catch(step);
    } catch (thrown) {
      step(thrown);
    }
  };
  step();
}

/**
 * A cached hit answered in the listener skips Express's own work for a request (its router walks
 * every layer of the stack, with debug calls and path matching), which was most of what a hit cost
 * beyond the socket write. The handlers get the request as Express would give it to its first
 * layer: its prototypes (`req.ip`, `req.acceptsEncodings`), `originalUrl`, and `req.res`/`res.req`.
 */
export function beforeExpress(app: Express, handlers: readonly RequestHandler[]): BeforeExpress {
  /** Requests the listener ran the handlers for, with the error they passed on (undefined for none). */
  const passed = new WeakMap<IncomingMessage, { error: unknown }>();
  return {
    listener(incoming: IncomingMessage, outgoing: ServerResponse) {
      // A server born with Express's prototypes makes this a check (lifecycle/http-server.ts).
      if (Object.getPrototypeOf(incoming) !== app.request) Object.setPrototypeOf(incoming, app.request);
      if (Object.getPrototypeOf(outgoing) !== app.response) Object.setPrototypeOf(outgoing, app.response);
      const req = incoming as Request;
      const res = outgoing as unknown as Response;
      req.originalUrl = req.url;
      req.res = res;
      res.req = req;
      // As Express's own request setup does: handlers here (a partner key's limit) write to it.
      res.locals ??= Object.create(null) as Response['locals'];
      runInOrder(handlers, req, res, (error) => {
        passed.set(incoming, { error });
        app(req, res);
      });
    },
    inApp(req, res, next) {
      const ran = passed.get(req);
      if (ran) return next(ran.error);
      runInOrder(handlers, req, res, next);
    },
  };
}
