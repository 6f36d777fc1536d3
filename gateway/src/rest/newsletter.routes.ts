import type express from 'express';
import { Router } from 'express';
import { parseIdempotencyKey } from '../../../schema/src/index.js';
import { toArticleJson } from './article.dto.js';
import type { ContextFor } from '../middleware/request-context.js';
import { assertKnownParams, optionalPositiveInt, optionalString } from './query-params.js';

/** A token from the query (links in e-mails) or a JSON or form body. */
function tokenOf(req: express.Request): unknown {
  const body = req.body as { token?: unknown } | undefined;
  return req.query.token ?? body?.token;
}

/** The newsletter and "Most read": thin adapters over the same services as GraphQL. */
export function newsletterRoutes(contextFor: ContextFor): Router {
  const router = Router();

  router.post('/newsletter/subscriptions', async (req, res) => {
    const { services, viewer } = contextFor(req);
    const idempotencyKey = parseIdempotencyKey(req.get('idempotency-key'));
    const answer = await services.newsletter.subscribe(req.body, { clientKey: viewer.clientKey, idempotencyKey });
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    // Accepted whatever the address: the answer never tells whether it was known.
    res.status(202).json({ message: answer.message });
  });

  router.post('/newsletter/confirmations', async (req, res) => {
    const { message } = await contextFor(req).services.newsletter.confirm(tokenOf(req));
    res.json({ message });
  });

  // RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` (a form body) to the header's URL.
  router.post('/newsletter/unsubscribe', async (req, res) => {
    res.json(await contextFor(req).services.newsletter.unsubscribe(tokenOf(req)));
  });

  router.get('/newsletter/preferences', async (req, res) => {
    assertKnownParams(req.query, ['token']);
    res.json(await contextFor(req).services.newsletter.preferences(req.query.token));
  });

  router.put('/newsletter/preferences', async (req, res) => {
    assertKnownParams(req.query, ['token']);
    res.json(await contextFor(req).services.newsletter.updatePreferences(req.query.token, req.body));
  });

  /** ?period=day|week (default day), ?limit=1..20 (default 5): visible articles only. */
  router.get('/articles/most-read', async (req, res) => {
    assertKnownParams(req.query, ['period', 'limit']);
    const articles = await contextFor(req).services.mostRead.mostRead(optionalString(req.query.period, 'period') ?? 'day', optionalPositiveInt(req.query.limit, 'limit') ?? 5);
    res.json(articles.map(toArticleJson));
  });

  return router;
}
