import { type Request, type RequestHandler, Router } from 'express';
import { TooManyRequestsError, ValidationError } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';
import type { Services } from '../../../schema/src/index.js';

const NEWSLETTER_PATH = '/newsletter';

type FormAction = (services: Services, body: Record<string, unknown>, req: Request) => Promise<string>;

/** A checkbox group arrives as one value or several. */
const list = (value: unknown) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

/**
 * The newsletter's forms posted without JavaScript: the same service (and limit) as the API, then
 * 303 to the newsletter page with the outcome (post, redirect, get: a reload never posts again).
 * The page says what happened; the address never goes in a URL.
 */
export function newsletterFormRoutes(contextFor: ContextFor): Router {
  const router = Router();
  const handle = (action: FormAction): RequestHandler[] => [
    async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      let outcome: string;
      try {
        outcome = `done=${await action(contextFor(req).services, body, req)}`;
      } catch (error) {
        if (error instanceof ValidationError) outcome = `problem=${encodeURIComponent(error.fields[0]?.field ?? 'email')}`;
        else if (error instanceof TooManyRequestsError) {
          res.setHeader('Retry-After', String(error.retryAfterSeconds));
          outcome = 'problem=limit';
        } else throw error;
      }
      res.redirect(303, `${NEWSLETTER_PATH}?${outcome}`);
    },
  ];
  router.post(NEWSLETTER_PATH, ...handle(async (services, body, req) => {
    const { viewer } = contextFor(req);
    await services.newsletter.subscribe(
      { email: body.email, categories: list(body.categories), frequency: body.frequency || undefined, breakingAlerts: body.breakingAlerts || undefined, page: body.page || undefined, website: body.website },
      { clientKey: viewer.clientKey },
    );
    return 'subscribed';
  }));
  router.post(`${NEWSLETTER_PATH}/confirm`, ...handle(async (services, body) => {
    await services.newsletter.confirm(body.token);
    return 'confirmed';
  }));
  router.post(`${NEWSLETTER_PATH}/unsubscribe`, ...handle(async (services, body) => {
    await services.newsletter.unsubscribe(body.token);
    return 'unsubscribed';
  }));
  router.post(`${NEWSLETTER_PATH}/preferences`, ...handle(async (services, body) => {
    await services.newsletter.updatePreferences(body.token, { categories: list(body.categories), frequency: body.frequency || undefined, breakingAlerts: body.breakingAlerts || undefined });
    return 'updated';
  }));
  return router;
}
