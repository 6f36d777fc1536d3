import type { RequestHandler } from 'express';
import { sendError } from './error-response.js';

/** Unknown /api paths answer JSON, not the HTML catch-all. */
export const apiNotFound: RequestHandler = (req, res) => {
  sendError(res, 404, `No API route for ${req.method} ${req.originalUrl.split('?')[0]}`);
};
