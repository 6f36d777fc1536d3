import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/core';
import { ANONYMOUS, type Viewer } from '../lib/viewer.js';
import type { ArticleView } from '../modules/article/article.service.js';
import { servicesOnPrimary } from './read-replicas.js';
import { createServices, type ServiceSettings, type Services } from './services.js';

/**
 * Per-request state: the services and their batching loaders, and who is asking. GraphQL
 * resolvers, REST adapters and server rendering all read the same one for a request.
 */
export interface RequestContext {
  services: Services;
  loaders: Loaders;
  viewer: Viewer;
  /** The request's Idempotency-Key header, as sent (the contact mutation also takes it as a field). */
  idempotencyKey?: string;
}

export { ANONYMOUS, type Viewer } from '../lib/viewer.js';

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
export function createRequestContext(
  em: EntityManager,
  viewer: Viewer = ANONYMOUS,
  settings?: ServiceSettings,
  options: { readFromPrimary?: boolean } = {},
): RequestContext {
  // With read replicas, a request that writes or holds a token reads the primary: it sees its own
  // writes and the newsroom's latest (read-replicas.ts). Without replicas this changes nothing.
  const services = options.readFromPrimary ? servicesOnPrimary(createServices(em, settings)) : createServices(em, settings);
  return { services, loaders: createLoaders(services), viewer };
}
