import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/core';
import { UnauthorizedError } from '../lib/errors.js';
import type { ArticleView } from '../modules/article/article.service.js';
import { createServices, type ServiceSettings, type Services } from './services.js';

/**
 * Per-request state: the services and their batching loaders, and who is asking. GraphQL
 * resolvers, REST adapters and server rendering all read the same one for a request.
 */
export interface RequestContext {
  services: Services;
  loaders: Loaders;
  viewer: Viewer;
}

/** Who is asking, as the gateway established it from the request. */
export interface Viewer {
  /** The client's address (after TRUST_PROXY), used to key per-client limits. */
  clientKey: string;
  /** Presented the owner's ADMIN_TOKEN. */
  isAdmin: boolean;
  /** False when no ADMIN_TOKEN is configured: admin access is off. */
  adminEnabled: boolean;
}

export const ANONYMOUS: Viewer = { clientKey: 'anonymous', isAdmin: false, adminEnabled: false };

/** The one owner check for every admin read, whichever protocol asks. */
export function assertAdmin(viewer: Viewer): void {
  if (!viewer.adminEnabled) throw new UnauthorizedError('Admin access is off: no ADMIN_TOKEN is configured');
  if (!viewer.isAdmin) throw new UnauthorizedError('A valid admin token is required: Authorization: Bearer <ADMIN_TOKEN>');
}

export function createLoaders(services: Services) {
  const relatedByFirst = new Map<number, DataLoader<ArticleView, ArticleView[], number>>();
  return {
    /** Related articles of many articles in one batch, whatever the list length. */
    related(first: number) {
      let loader = relatedByFirst.get(first);
      if (!loader) {
        loader = new DataLoader((articles) => services.articles.relatedMany(articles, first), {
          cacheKeyFn: (article) => article.id,
        });
        relatedByFirst.set(first, loader);
      }
      return loader;
    },
  };
}

export type Loaders = ReturnType<typeof createLoaders>;

/** The context of one request, around its own fork of the EntityManager. */
export function createRequestContext(em: EntityManager, viewer: Viewer = ANONYMOUS, settings?: ServiceSettings): RequestContext {
  const services = createServices(em, settings);
  return { services, loaders: createLoaders(services), viewer };
}
