import type { RequestHandler } from 'express';
import { sendError } from './error-response.js';

/** JSON is the only body the API reads; anything else is named as the problem. */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  if (!req.is('application/json')) {
    sendError(res, 415, 'Content-Type must be application/json');
    return;
  }
  next();
};
