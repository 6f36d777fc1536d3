import type { EntityManager } from '@mikro-orm/core';
import { ArticleService } from '../modules/article/article.service.js';
import { BreakingNewsService } from '../modules/breaking-news/breaking-news.service.js';
import { CategoryService } from '../modules/category/category.service.js';
import { ContactService, type ContactSettings } from '../modules/contact/contact.service.js';
import { PartnerService } from '../modules/partner/partner.service.js';

/**
 * The one service layer. GraphQL resolvers and REST adapters both call these; neither touches
 * the ORM. Built per request around a forked EntityManager, so identity maps and DataLoader
 * caches never leak between requests.
 */
export interface ServiceSettings {
  contact: ContactSettings;
}

export function createServices(em: EntityManager, settings?: ServiceSettings) {
  const categories = new CategoryService(em);
  const articles = new ArticleService(em, categories);
  return {
    categories,
    articles,
    breakingNews: new BreakingNewsService(em),
    partners: new PartnerService(em),
    contact: new ContactService(em, settings?.contact),
  };
}

export type Services = ReturnType<typeof createServices>;
