import type { Request } from 'express';
import type { MikroORM } from '@mikro-orm/core';
import { createContext, type GraphQLContext } from '../../../schema/src/lib/context.js';
import type { ServiceSettings } from '../../../schema/src/lib/services.js';
import { hasAdminToken } from '../security/admin-auth.js';

const contexts = new WeakMap<Request, GraphQLContext>();

export interface RequestContextOptions {
  adminToken: string | null;
  settings: ServiceSettings;
}

/**
 * The services of one request, built lazily around a fork of the EntityManager so identity maps
 * and DataLoader caches never outlive the request. REST, GraphQL and server rendering share it.
 */
export function createRequestContext(orm: MikroORM, options: RequestContextOptions) {
  return (req: Request): GraphQLContext => {
    let context = contexts.get(req);
    if (!context) {
      const viewer = {
        clientKey: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        isAdmin: hasAdminToken(req, options.adminToken),
        adminEnabled: Boolean(options.adminToken),
      };
      context = createContext(orm.em.fork(), viewer, options.settings);
      contexts.set(req, context);
    }
    return context;
  };
}

export type ContextFor = ReturnType<typeof createRequestContext>;
