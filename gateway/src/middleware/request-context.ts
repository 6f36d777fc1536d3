import type { Request } from 'express';
import type { MikroORM } from '@mikro-orm/core';
import { createContext, type GraphQLContext } from '../../../schema/src/lib/context.js';

const contexts = new WeakMap<Request, GraphQLContext>();

/**
 * The services of one request, built lazily around a fork of the EntityManager so identity maps
 * and DataLoader caches never outlive the request. REST, GraphQL and server rendering share it.
 */
export function createRequestContext(orm: MikroORM) {
  return (req: Request): GraphQLContext => {
    let context = contexts.get(req);
    if (!context) {
      context = createContext(orm.em.fork());
      contexts.set(req, context);
    }
    return context;
  };
}

export type ContextFor = ReturnType<typeof createRequestContext>;
