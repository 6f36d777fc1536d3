import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { keyBodyByItsBytes } from '../cache/response-cache.js';
import { bearerToken } from '../security/admin-auth.js';

/** `application/json`, with no parameter but a UTF-8 charset: what GraphQL clients send. */
const PLAIN_JSON_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/** An error of the kind body-parser raises, so the error handler names it the same way. */
function bodyError(status: number, message: string, type: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true, type });
}

/** Bytes read ahead for the cache's lookup, parsed only if the cache holds no answer for them. */
const READ_AHEAD = Symbol('body bytes read ahead of parsing');
type ReadAheadRequest = Request & { [READ_AHEAD]?: Buffer };

/**
 * The common GraphQL POST, read without body-parser's general machinery (content negotiation,
 * charset decoding, streams of unknown length), about a sixth of a cached answer's CPU (decision 036): a
 * UTF-8 JSON body of a declared length within the limit, not compressed.
 */
function isPlainJsonPost(req: Request, limit: number): boolean {
  const length = Number(req.headers['content-length']);
  const type = req.headers['content-type'];
  return (
    req.method === 'POST' &&
    type !== undefined &&
    PLAIN_JSON_TYPE.test(type) &&
    length > 0 &&
    length <= limit &&
    req.headers['content-encoding'] === undefined &&
    req.headers['transfer-encoding'] === undefined &&
    !req.readableEnded
  );
}

/** Reads a plain JSON POST's bytes (keyed for the response cache by them); a stream error is a 400. */
function readPlainJson(req: Request, done: (error: Error | null, bytes?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const onData = (chunk: Buffer) => chunks.push(chunk);
  const onError = () => {
    cleanUp();
    done(bodyError(400, 'request aborted', 'request.aborted'));
  };
  const onEnd = () => {
    cleanUp();
    const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    keyBodyByItsBytes(req, bytes);
    done(null, bytes);
  };
  const cleanUp = () => {
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    req.off('aborted', onError);
  };
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onError);
  req.on('aborted', onError);
}

/** Parses JSON bytes as strictly as express.json does (an object or an array, else 400) into req.body. */
function parseJsonInto(req: Request, bytes: Buffer, next: NextFunction): void {
  // A byte-order mark is allowed, as body-parser's decoder allows it.
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const first = /^[\x20\x09\x0a\x0d]*(.)/.exec(text)?.[1];
  let body: unknown;
  try {
    if (first !== '{' && first !== '[') throw new SyntaxError('not an object or an array');
    body = JSON.parse(text);
  } catch {
    return next(bodyError(400, 'Malformed JSON body', 'entity.parse.failed'));
  }
  req.body = body;
  next();
}

/**
 * Plain JSON POSTs read and parsed here (bytes read ahead for the cache's lookup are parsed as they
 * are); anything else goes to express.json, which answers every odd case as before.
 */
function plainJsonBody(limit: number, otherwise: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const readAhead = (req as ReadAheadRequest)[READ_AHEAD];
    if (readAhead) {
      (req as ReadAheadRequest)[READ_AHEAD] = undefined;
      return parseJsonInto(req, readAhead, next);
    }
    if (!isPlainJsonPost(req, limit)) return otherwise(req, res, next);
    readPlainJson(req, (error, bytes) => (error ? next(error) : parseJsonInto(req, bytes!, next)));
  };
}

export interface GraphqlBodyLimits {
  /** Bytes of anyone's body (the route's declared limit). */
  limit: number;
  /** Bytes of an editor's body (a base64 cover is up to 14 MB of text). */
  editorLimit?: number;
}

/**
 * GraphQL bodies: the declared limit for everyone, the larger one for a request whose bearer token
 * `isEditor` accepts. The token is checked before the body is read, so an anonymous or wrongly
 * authorised client can never make the server buffer more than the small limit. The check is the
 * same memoised one the resolvers ask, so it costs no second lookup.
 */
export function graphqlBody({ limit, editorLimit = limit }: GraphqlBodyLimits, isEditor: (req: Request) => Promise<boolean>): RequestHandler {
  const small = plainJsonBody(limit, express.json({ limit }));
  const large = express.json({ limit: editorLimit });
  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'POST' || !bearerToken(req) || editorLimit === limit) {
      small(req, res, next);
      return;
    }
    isEditor(req).then(
      (editor) => (editor ? large : small)(req, res, next),
      // Not an editor: the small limit, and the resolvers answer UNAUTHENTICATED or FORBIDDEN as ever.
      () => small(req, res, next),
    );
  };
  return handler;
}

/**
 * For the request gate's cache lookup of an anonymous GraphQL POST: reads a plain JSON body's
 * bytes only (the cache keys a POST by them), so a cached answer is found without parsing it;
 * `graphqlBody` parses them on a miss. False when the body is not one to read ahead (a token,
 * another encoding): `graphqlBody` reads it whole.
 */
export function readGraphqlBodyAhead(req: Request, limit: number, done: (error: Error | null) => void): boolean {
  if (bearerToken(req) || !isPlainJsonPost(req, limit)) return false;
  readPlainJson(req, (error, bytes) => {
    if (!error) (req as ReadAheadRequest)[READ_AHEAD] = bytes;
    done(error);
  });
  return true;
}
