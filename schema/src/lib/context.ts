import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/core';
import type { ArticleView } from '../modules/article/article.service.js';
import { createServices, type Services } from './services.js';

/** Per-request state shared by every resolver: the services and their batching loaders. */
export interface GraphQLContext {
  services: Services;
  loaders: Loaders;
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

export function createContext(em: EntityManager): GraphQLContext {
  const services = createServices(em);
  return { services, loaders: createLoaders(services) };
}
