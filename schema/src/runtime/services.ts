import type { EntityManager } from '@mikro-orm/core';
import { ArticleEditingService } from '../modules/article/article-editing.service.js';
import { ArticleService } from '../modules/article/article.service.js';
import { BreakingNewsService } from '../modules/breaking-news/breaking-news.service.js';
import { CategoryService } from '../modules/category/category.service.js';
import { ContactService, type ContactSettings } from '../modules/contact/contact.service.js';
import { EditorService } from '../modules/editor/editor.service.js';
import { OutboxService } from '../modules/notification/outbox.service.js';
import { PartnerService } from '../modules/partner/partner.service.js';
import { SearchService } from '../modules/search/search.service.js';

/**
 * The one service layer. GraphQL resolvers, REST adapters, the outbox worker and the CLIs call
 * these; none of them touches the ORM. Built around a forked EntityManager (per request, per
 * worker tick), so identity maps and DataLoader caches never leak between units of work.
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
    /** The newsroom's article writes and editors' reads (drafts and scheduled articles included). */
    articleEditing: new ArticleEditingService(em, categories),
    /** Editor tokens and the one role check of every newsroom and owner route. */
    editors: new EditorService(em),
    search: new SearchService(em, categories),
    breakingNews: new BreakingNewsService(em),
    partners: new PartnerService(em),
    contact: new ContactService(em, settings?.contact),
    outbox: new OutboxService(em),
  };
}

export type Services = ReturnType<typeof createServices>;
