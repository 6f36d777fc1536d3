import express, { type RequestHandler } from 'express';
import type { Editor, Permission } from '../../../schema/src/index.js';
import { NEWSROOM_BODY_LIMIT } from '../middleware/body-limit.js';
import type { ContextFor } from '../middleware/request-context.js';
import { requireJsonBody } from '../middleware/require-json-body.js';
import { NO_STORE } from '../cache/cache-profiles.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Who is making a newsroom request, once `requireRole` has checked the token. */
      editor?: Editor;
    }
  }
}

/**
 * The role check of a newsroom route, before its body is read: 401 without a valid token, 403 for
 * a role that may not. The check itself is the service's (`services.editors.require`), the same
 * one GraphQL asks. Newsroom answers are never stored by any cache.
 */
export function requireRole(contextFor: ContextFor, permission: Permission): RequestHandler {
  return async (req, res, next) => {
    res.setHeader('Cache-Control', NO_STORE);
    const { services, viewer } = contextFor(req);
    res.locals.editor = await services.editors.require(viewer, permission);
    next();
  };
}

/** A JSON body (415 otherwise), up to the newsroom's limit. */
export const jsonBody: RequestHandler[] = [requireJsonBody, express.json({ limit: NEWSROOM_BODY_LIMIT, strict: false })];

/** The editor `requireRole` established (the route runs only after it). */
export function editorOf(locals: { editor?: Editor }): Editor {
  if (!locals.editor) throw new Error('requireRole must run before this route');
  return locals.editor;
}
