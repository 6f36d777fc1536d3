import { type Request, type RequestHandler, Router } from 'express';
import { asDomainError, isInquiryType, ServiceUnavailableError, TooManyRequestsError, ValidationError } from '../../../schema/src/index.js';
import {
  CONTACT_FORM_PATH,
  fieldMessages,
  formValues,
  type InquiryFormOutcome,
  inquiryFromForm,
  OFFER_FORM_PATH,
  SEND_FAILED_TEXT,
} from '../../../web/src/entry-server.js';
import type { ContextFor } from '../middleware/request-context.js';

/** What the page renderer answers a posted form with (set on res.locals for ssr/web.ts). */
export interface InquiryFormAnswer {
  outcome: InquiryFormOutcome;
  status: number;
  retryAfterSeconds?: number;
}

/** The query of the page a stored form redirects to: the reference and the inquiry type, nothing personal. */
const SENT_PARAM = 'sent';
const TYPE_PARAM = 'type';
const ASKING_PARAM = 'asking';
const REFERENCE_PATTERN = /^INQ-\d{6,12}$/;

/** Where a stored form's sender lands (303): reloading it shows the reference again and posts nothing. */
export function sentLocation(path: InquiryFormOutcome['path'], reference: string, inquiryType: string | undefined, meetsAskingPrice = false): string {
  const query = new URLSearchParams({ [SENT_PARAM]: reference, ...(inquiryType ? { [TYPE_PARAM]: inquiryType } : {}), ...(meetsAskingPrice ? { [ASKING_PARAM]: 'met' } : {}) });
  return `${path}?${query.toString()}`;
}

/**
 * The contact and offer forms sent without JavaScript (method="post" to the page itself): the same
 * contact service and limit as /api/contact and GraphQL; the page is then rendered with the
 * reference, or with the values as entered and each field's message (ssr/web.ts). Nothing of it
 * goes in a URL, and the answer is never stored.
 */
export function inquiryFormRoutes(contextFor: ContextFor): Router {
  const router = Router();
  const handle = (path: InquiryFormOutcome['path']): RequestHandler[] => [
    async (req, res, next) => {
      const answered = await answer(req, path, contextFor);
      // Post/Redirect/Get for a stored inquiry: a reload of the answer never stores it twice.
      if (answered.outcome.reference) {
        res.redirect(303, sentLocation(path, answered.outcome.reference, answered.outcome.inquiryType, answered.outcome.meetsAskingPrice));
        return;
      }
      if (answered.retryAfterSeconds) res.setHeader('Retry-After', String(answered.retryAfterSeconds));
      res.locals.inquiryForm = answered;
      next();
    },
  ];
  router.post(CONTACT_FORM_PATH, ...handle(CONTACT_FORM_PATH));
  router.post(OFFER_FORM_PATH, ...handle(OFFER_FORM_PATH));
  // The page a stored form redirects to: the confirmation with the reference, never kept by a cache.
  const sentPage = (path: InquiryFormOutcome['path']): RequestHandler => (req, res, next) => {
    const reference = req.query[SENT_PARAM];
    if (typeof reference === 'string' && REFERENCE_PATTERN.test(reference)) {
      const type = req.query[TYPE_PARAM];
      const inquiryType = path === OFFER_FORM_PATH ? 'domain' : isInquiryType(type) ? type : undefined;
      const meetsAskingPrice = path === OFFER_FORM_PATH && req.query[ASKING_PARAM] === 'met';
      res.locals.inquiryForm = { status: 200, outcome: { path, reference, inquiryType, meetsAskingPrice } } satisfies InquiryFormAnswer;
    }
    next();
  };
  router.get(CONTACT_FORM_PATH, sentPage(CONTACT_FORM_PATH));
  router.get(OFFER_FORM_PATH, sentPage(OFFER_FORM_PATH));
  return router;
}

async function answer(req: Request, path: InquiryFormOutcome['path'], contextFor: ContextFor): Promise<InquiryFormAnswer> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const values = formValues(body);
  const offerForm = path === OFFER_FORM_PATH;
  const { services, viewer } = contextFor(req);
  try {
    const receipt = await services.contact.submit(inquiryFromForm(values, body.website, offerForm), { clientKey: viewer.clientKey });
    return { status: 201, outcome: { path, reference: receipt.reference, inquiryType: offerForm ? 'domain' : values.inquiryType, meetsAskingPrice: receipt.meetsAskingPrice ?? false } };
  } catch (error) {
    if (error instanceof ValidationError) {
      return { status: 400, outcome: { path, values, fieldErrors: fieldMessages(error.fields) } };
    }
    if (error instanceof TooManyRequestsError) {
      return { status: 429, retryAfterSeconds: error.retryAfterSeconds, outcome: { path, values, formError: error.message } };
    }
    // The database away or busy: the reader's values stay, with the form's own failure text.
    const domain = asDomainError(error);
    if (domain?.httpStatus === 503) {
      const retryAfterSeconds = domain instanceof ServiceUnavailableError ? domain.retryAfterSeconds : undefined;
      return { status: 503, retryAfterSeconds, outcome: { path, values, formError: SEND_FAILED_TEXT } };
    }
    throw error;
  }
}
