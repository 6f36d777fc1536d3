import { describe, expect, it } from 'vitest';
import { Article } from '../modules/article/article.entity.js';
import { BreakingNewsItem } from '../modules/breaking-news/breaking-news-item.entity.js';
import { Category } from '../modules/category/category.entity.js';
import { Partner } from '../modules/partner/partner.entity.js';
import { createServices } from '../runtime/services.js';
import { createTestDatabase } from '../test/test-database.js';
import { breakingNews, categories, partners } from './data/site-content.js';
import { coverImagePath, seedArticles, seedDatabase } from './database-seeder.js';

/** The launch content must be rich enough for every screen and state of the site. */
describe('seed content', () => {
  it('has the 11 browsing categories, in order', () => {
    expect(categories.map((c) => [c.name, c.slug])).toEqual([
      ['Artificial Intelligence', 'artificial-intelligence'],
      ['Quantum Computing', 'quantum-computing'],
      ['Cybersecurity', 'cybersecurity'],
      ['Space Economy', 'space-economy'],
      ['AR/VR & Metaverse', 'ar-vr-metaverse'],
      ['Blockchain / Crypto', 'blockchain-crypto'],
      ['Autonomous Vehicles', 'autonomous-vehicles'],
      ['IoT & Connected Devices', 'iot-connected-devices'],
      ['Brain-Computer Interfaces (BCIs)', 'brain-computer-interfaces-bcis'],
      ['Cloud Computing', 'cloud-computing'],
      ['EdTech', 'edtech'],
    ]);
    expect(categories.every((c) => c.description.length > 40 && c.icon.length > 0)).toBe(true);
  });

  it('has at least 40 unique articles over at least 9 categories', () => {
    expect(seedArticles.length).toBeGreaterThanOrEqual(40);
    expect(new Set(seedArticles.map((a) => a.slug)).size).toBe(seedArticles.length);
    expect(new Set(seedArticles.map((a) => a.categorySlug)).size).toBeGreaterThanOrEqual(9);
    const slugs = new Set(categories.map((c) => c.slug));
    expect(seedArticles.every((a) => slugs.has(a.categorySlug))).toBe(true);
  });

  it('gives each article a multi-sentence body, an author and an excerpt', () => {
    for (const a of seedArticles) {
      expect(a.content.split(/(?<=[.!?])\s+/).filter((s) => s.length > 10).length, a.slug).toBeGreaterThanOrEqual(5);
      expect(a.author, a.slug).toMatch(/\S+ \S+/);
      expect(a.excerpt.length, a.slug).toBeGreaterThan(60);
    }
  });

  it('spreads publish dates so every age label appears', () => {
    const hours = seedArticles.map((a) => a.hoursAgo);
    expect(hours.some((h) => h < 1)).toBe(true);
    expect(hours.some((h) => h >= 1 && h < 24)).toBe(true);
    expect(hours.some((h) => h >= 24 * 7)).toBe(true);
  });

  it('flags several articles breaking and gives most a source', () => {
    expect(seedArticles.filter((a) => a.isBreaking).length).toBeGreaterThanOrEqual(3);
    const withSource = seedArticles.filter((a) => a.sourceUrl);
    expect(withSource.length).toBeGreaterThan(seedArticles.length / 2);
    expect(withSource.every((a) => a.sourceUrl!.startsWith('https://'))).toBe(true);
  });

  it('has ticker items and the three partners', () => {
    expect(breakingNews.length).toBeGreaterThanOrEqual(5);
    const sidebar = partners.filter((p) => p.placement === 'sidebar');
    expect(sidebar).toHaveLength(2);
    expect(sidebar.filter((p) => p.badge === 'Premium')).toHaveLength(1);
    expect(partners.filter((p) => p.placement === 'promotion')).toHaveLength(1);
  });

  it('is written in Australian English', () => {
    const text = seedArticles.map((a) => `${a.title} ${a.excerpt} ${a.content}`).join(' ');
    expect(text).not.toMatch(/\b(organization|color|center|analyze|optimize|license[ds]?\b(?= to))/i);
    expect(text).not.toMatch(/lorem ipsum/i);
  });
});

/** The other tests run on the test content (test/test-content.ts); this one stores the launch content. */
describe('launch seed', () => {
  it('stores every category, article, ticker item and partner once, and a second run adds nothing', async () => {
    const db = await createTestDatabase({ seed: 'launch' });
    try {
      const em = db.orm.em.fork();
      expect((await em.find(Category, {}, { orderBy: { position: 'asc' } })).map((c) => c.slug)).toEqual(categories.map((c) => c.slug));
      expect(await em.count(Article, {})).toBe(seedArticles.length);
      expect((await em.find(BreakingNewsItem, {}, { orderBy: { position: 'asc' } })).map((b) => b.title)).toEqual(breakingNews.map((b) => b.title));
      expect((await em.find(Partner, {})).map((p) => p.slug).sort()).toEqual(partners.map((p) => p.slug).sort());
      const services = createServices(db.orm.em.fork());
      for (const c of categories) {
        expect(await services.articles.count(c.slug), c.slug).toBe(seedArticles.filter((a) => a.categorySlug === c.slug).length);
      }
      const stored = await em.find(Article, {}, { populate: ['category'] });
      for (const a of stored) expect(a.imageUrl, a.slug).toBe(coverImagePath(a.category.slug, a.slug));
      expect(stored.filter((a) => a.isBreaking).map((a) => a.slug).sort()).toEqual(seedArticles.filter((a) => a.isBreaking).map((a) => a.slug).sort());

      expect(await seedDatabase(db.orm.em.fork())).toBe(false);
      expect(await db.orm.em.fork().count(Article, {})).toBe(seedArticles.length);
    } finally {
      await db.close();
    }
  });

  it('leaves the planner statistics on what it stored, so the newest articles are read off their index', async () => {
    const db = await createTestDatabase({ seed: 'launch' });
    try {
      const connection = db.orm.em.getConnection();
      // Never analyzed, a table's reltuples is -1: autovacuum would not analyze so few rows.
      const tables: { relname: string; reltuples: number }[] = await connection.execute(
        `select relname, reltuples from pg_class where relname in ('category', 'article', 'breaking_news_item', 'partner') order by relname`,
      );
      expect(tables.map((t) => [t.relname, Number(t.reltuples)])).toEqual([
        ['article', seedArticles.length],
        ['breaking_news_item', breakingNews.length],
        ['category', categories.length],
        ['partner', partners.length],
      ]);
      const [plan] = await connection.execute(
        `explain (format json) select a.id from article a where a.status = 'published' and a.published_at <= now() order by a.published_at desc, a.id desc limit 7`,
      );
      const text = JSON.stringify(plan);
      expect(text).not.toContain('"Node Type":"Sort"');
      expect(text).toMatch(/"Index Name":"[^"]*published_at[^"]*"/);
    } finally {
      await db.close();
    }
  });
});
