import express, { type Request, type RequestHandler } from 'express';
import { graphqlBody } from '../graphql/graphql-body.js';
import { sendError } from '../middleware/error-response.js';
import { articleWriteBody, authorPhotoBody } from '../rest/newsroom-article-body.js';
import type { BodyPolicy, CompiledRoute } from './route-table.js';

/** The methods whose body is read: GET, HEAD, DELETE and OPTIONS carry none the site reads. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

const FORM_TYPE = 'application/x-www-form-urlencoded';
/** What navigator.sendBeacon sends for a string (text/plain), and JSON from other clients. */
const VITALS_TYPES = ['text/plain', 'application/json'];
/** Fields of a posted form: the longest form has a dozen. */
const FORM_FIELDS = 50;

export interface BodyReaderOptions {
  /** Whether the request's bearer token has the newsroom's `content` permission (GraphQL's larger limit). */
  isEditor(req: Request): Promise<boolean>;
}

/**
 * A route's read without a body (GET, DELETE): `req.body` is set, empty, as a reader leaves it
 * when there is nothing to read (Apollo's adapter refuses a request without it).
 */
const NO_BODY: RequestHandler = (req, _res, next) => {
  if (!('body' in req)) Object.assign(req, { body: undefined });
  next();
};

/** The reader of a route's body for a method, built from its declaration; null when the route declares none. */
export type BodyReaders = (route: CompiledRoute, method: string) => RequestHandler | null;

/**
 * Every route's body is read by the reader its declaration names, with the declared size
 * (route-table.ts): the request gate runs it after the route's auth, so a client without the
 * right token never makes the server read a body, and no handler reads one of its own.
 */
export function bodyReaders(options: BodyReaderOptions): BodyReaders {
  const built = new Map<BodyPolicy, RequestHandler>();
  return (route, method) => {
    if (!route.body) return null;
    if (!WITH_BODY.has(method)) return NO_BODY;
    let reader = built.get(route.body);
    if (!reader) built.set(route.body, (reader = readerFor(route.body, options)));
    return reader;
  };
}

/** 415 naming the types taken, for a body of any other type (or none). */
function only(types: string[], message: string, read: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (req.is(types)) return read(req, res, next);
    sendError(res, 415, message);
  };
}

function inTurn(first: RequestHandler, second: RequestHandler): RequestHandler {
  return (req, res, next) => first(req, res, (error?: unknown) => (error === undefined ? second(req, res, next) : next(error)));
}

function readerFor(body: BodyPolicy, { isEditor }: BodyReaderOptions): RequestHandler {
  const { limit } = body;
  switch (body.reader) {
    case 'json':
      return only(['application/json'], 'Content-Type must be application/json', express.json({ limit, strict: false }));
    case 'graphql':
      // Any other type goes on to Apollo, which names what it needs (400).
      return graphqlBody(body, isEditor);
    case 'articleWrite':
      return articleWriteBody(body);
    case 'authorPhoto':
      return authorPhotoBody(body);
    case 'form':
      return only([FORM_TYPE], `Send the form as ${FORM_TYPE}`, express.urlencoded({ limit, extended: false, parameterLimit: FORM_FIELDS }));
    case 'formOrJson':
      return inTurn(express.urlencoded({ limit, extended: false, parameterLimit: FORM_FIELDS }), express.json({ limit }));
    case 'vitals':
      return only(VITALS_TYPES, 'Content-Type must be text/plain or application/json', express.text({ type: VITALS_TYPES, limit }));
    case 'stream':
      return declaredLength(limit);
  }
}

/** A body its handler streams: its length must be said (411) and within the limit (413) before a byte is read. */
function declaredLength(limit: number): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers['content-length'];
    const length = Number(declared);
    if (!declared || !Number.isInteger(length)) return sendError(res, 411, 'Send the body with its Content-Length');
    if (length > limit) {
      res.setHeader('Connection', 'close');
      return sendError(res, 413, `Request body too large: at most ${limit} bytes`);
    }
    next();
  };
}
