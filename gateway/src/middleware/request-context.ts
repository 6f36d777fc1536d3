import type { Request } from 'express';
import type { MikroORM } from '@mikro-orm/core';
import { createRequestContext, type RequestContext, type ServiceSettings } from '../../../schema/src/index.js';
import { hasAdminToken } from '../security/admin-auth.js';

const contexts = new WeakMap<Request, RequestContext>();

export interface RequestContextOptions {
  adminToken: string | null;
  settings: ServiceSettings;
}

/**
 * The services of one request, built lazily around a fork of the EntityManager so identity maps
 * and DataLoader caches never outlive the request. REST, GraphQL and server rendering share it.
 */
export function createContextFor(orm: MikroORM, options: RequestContextOptions) {
  return (req: Request): RequestContext => {
    let context = contexts.get(req);
    if (!context) {
      const viewer = {
        clientKey: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        isAdmin: hasAdminToken(req, options.adminToken),
        adminEnabled: Boolean(options.adminToken),
      };
      context = createRequestContext(orm.em.fork(), viewer, options.settings);
      contexts.set(req, context);
    }
    return context;
  };
}

export type ContextFor = ReturnType<typeof createContextFor>;
