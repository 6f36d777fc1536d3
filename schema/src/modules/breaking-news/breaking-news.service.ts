import type { EntityManager } from '@mikro-orm/core';
import { BreakingNewsItem } from './breaking-news-item.entity.js';

export interface BreakingNewsView {
  id: number;
  title: string;
}

export class BreakingNewsService {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<BreakingNewsView[]> {
    const rows = await this.em.find(BreakingNewsItem, {}, { orderBy: [{ position: 'asc' }, { id: 'asc' }] });
    return rows.map(({ id, title }) => ({ id, title }));
  }
}
