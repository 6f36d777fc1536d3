import express, { type RequestHandler } from 'express';
import { COVER_BASE64_MAX_LENGTH } from '../../../schema/src/index.js';
import { BODY_LIMIT } from '../middleware/body-limit.js';
import type { ContextFor } from '../middleware/request-context.js';
import { bearerToken } from '../security/admin-auth.js';

/** Room for one base64 cover (uploadArticleCover) and the rest of the request. */
export const EDITOR_GRAPHQL_BODY_LIMIT = COVER_BASE64_MAX_LENGTH + 512 * 1024;

/**
 * GraphQL bodies: 100 kB for everyone, more for a request whose bearer token the newsroom's role
 * check accepts (a base64 cover is up to 14 MB of text). The token is checked before the body is
 * read, so an anonymous or wrongly authorised client can never make the server buffer more than
 * 100 kB. The check is the same memoised one the resolvers ask, so it costs no second lookup.
 */
export function graphqlBody(contextFor: ContextFor): RequestHandler {
  const small = express.json({ limit: BODY_LIMIT });
  const large = express.json({ limit: EDITOR_GRAPHQL_BODY_LIMIT });
  return (req, res, next) => {
    if (req.method !== 'POST' || !bearerToken(req)) {
      small(req, res, next);
      return;
    }
    const { services, viewer } = contextFor(req);
    services.editors.require(viewer, 'content').then(
      () => large(req, res, next),
      // Not an editor: the small limit, and the resolvers answer UNAUTHENTICATED or FORBIDDEN as ever.
      () => small(req, res, next),
    );
  };
}
