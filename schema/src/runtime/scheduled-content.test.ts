import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { onContentChange } from './content-changes.js';
import { watchScheduledContent } from './scheduled-content.js';

/**
 * Content that changes by the clock (decision 019): the watcher announces a scheduled article's
 * time and a ticker item's expiry as content changes, learning of other processes' writes by
 * polling, and moves the sitemap lastmod of the article's id block to its time of appearance.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const sql = async <T>(text: string, params: unknown[] = []) => (await db.orm.em.getConnection().execute(text, params)) as T[];

/** Resolves with the time of the next content change announced in this process. */
function nextAnnouncement(): Promise<number> {
  return new Promise((resolve) => {
    const stop = onContentChange(() => {
      stop();
      resolve(Date.now());
    });
  });
}

describe('scheduled content', () => {
  it("announces an article written by another process at its time, and moves its sitemap block's lastmod", async () => {
    const watcher = watchScheduledContent(db.orm, { pollMs: 200 });
    try {
      await watcher.refresh();
      expect(watcher.nextAt).toBeNull();
      const at = new Date(Date.now() + 800);
      // Raw SQL, no announcement: as another process would write it.
      const [row] = await sql<{ id: number }>(
        `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, status, created_at, updated_at)
         values ('scheduled-elsewhere', 'T', 'e', 'c', (select min(id) from category), 'T', ?, '/media/covers/x', false, 'published', now(), now())
         returning id`,
        [at],
      );
      const announced = await nextAnnouncement();
      expect(announced).toBeGreaterThanOrEqual(at.getTime());
      expect(announced - at.getTime()).toBeLessThan(500);
      const [block] = await sql<{ last_modified: Date | string }>('select last_modified from article_id_block where block = (? - 1) / 1000', [row.id]);
      expect(new Date(block.last_modified).getTime()).toBe(at.getTime());
    } finally {
      watcher.stop();
    }
  });

  it('announces a ticker item leaving at its expiry, and nothing for drafts', async () => {
    await sql(
      `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, status, created_at, updated_at)
       values ('scheduled-draft', 'T', 'e', 'c', (select min(id) from category), 'T', now() + interval '300 milliseconds', '/media/covers/x', false, 'draft', now(), now())`,
    );
    const expires = new Date(Date.now() + 700);
    await sql(`insert into breaking_news_item (title, position, expires_at, created_at, updated_at) values ('Leaving soon', 99, ?, now(), now())`, [expires]);
    const watcher = watchScheduledContent(db.orm, { pollMs: 5_000 });
    try {
      await watcher.refresh();
      expect(watcher.nextAt).toEqual(expires);
      const announced = await nextAnnouncement();
      expect(announced).toBeGreaterThanOrEqual(expires.getTime());
      expect(announced - expires.getTime()).toBeLessThan(500);
    } finally {
      watcher.stop();
    }
  });

  it("keeps time by the services' clock: a moment hours away by the real time is due when that clock reaches it", async () => {
    const at = new Date(Date.now() + 2 * 3_600_000);
    const [row] = await sql<{ id: number }>(
      `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, status, created_at, updated_at)
       values ('scheduled-by-clock', 'T', 'e', 'c', (select min(id) from category), 'T', ?, '/media/covers/x', false, 'published', now(), now())
       returning id`,
      [at],
    );
    // The clock reads 300 ms before the article's time; the poll alone would wait a minute.
    const offset = at.getTime() - Date.now() - 300;
    const watcher = watchScheduledContent(db.orm, { pollMs: 60_000, clock: () => new Date(Date.now() + offset) });
    try {
      const announced = nextAnnouncement();
      await watcher.refresh();
      expect(watcher.nextAt).toEqual(at);
      await announced;
      const [block] = await sql<{ last_modified: Date | string }>('select last_modified from article_id_block where block = (? - 1) / 1000', [row.id]);
      expect(new Date(block.last_modified).getTime()).toBe(at.getTime());
    } finally {
      watcher.stop();
      await sql(`delete from article where id = ?`, [row.id]);
    }
  });

  it('reports a failed read and tries again', async () => {
    const errors: unknown[] = [];
    const broken = { em: { fork: () => ({ getConnection: () => ({ execute: () => Promise.reject(new Error('database away')) }) }) } };
    const watcher = watchScheduledContent(broken as never, { pollMs: 50, onError: (error) => errors.push(error) });
    try {
      await expect.poll(() => errors.length).toBeGreaterThanOrEqual(2);
      expect(watcher.nextAt).toBeNull();
    } finally {
      watcher.stop();
    }
  });
});
