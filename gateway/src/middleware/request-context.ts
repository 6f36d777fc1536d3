import type { Request } from 'express';
import type { MikroORM } from '@mikro-orm/core';
import { createRequestContext, hashToken, type RequestContext, type ServiceSettings } from '../../../schema/src/index.js';
import { bearerToken, hasAdminToken } from '../security/admin-auth.js';

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
      const token = bearerToken(req);
      const viewer = {
        clientKey: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        isAdmin: hasAdminToken(req, options.adminToken),
        adminEnabled: Boolean(options.adminToken),
        // An editor token is looked up by its hash when a route asks for a role.
        credential: token ? hashToken(token) : null,
      };
      // With read replicas: the newsroom, the owner and writes read the primary (their own writes,
      // the latest drafts); anonymous reads (GraphQL queries too, GET or POST) go to a replica.
      const readFromPrimary = Boolean(token) || (req.method !== 'GET' && req.method !== 'HEAD' && !req.originalUrl.startsWith('/graphql'));
      context = createRequestContext(orm.em.fork(), viewer, options.settings, { readFromPrimary });
      // Read by the contact mutation (REST reads the header itself): validated where it is used.
      context.idempotencyKey = req.get('idempotency-key');
      contexts.set(req, context);
    }
    return context;
  };
}

export type ContextFor = ReturnType<typeof createContextFor>;
