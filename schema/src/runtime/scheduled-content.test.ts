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

/** A clock that moves only when the test moves it: no test waits for a moment to come. */
function testClock(start = new Date()) {
  let now = start;
  return {
    read: () => now,
    set(at: Date) {
      now = at;
    },
  };
}

/** Resolves with the clock's time at the next content change announced in this process. */
function nextAnnouncement(clock: () => Date): Promise<Date> {
  return new Promise((resolve) => {
    const stop = onContentChange(() => {
      stop();
      resolve(clock());
    });
  });
}

const insertArticle = async (slug: string, publishedAt: Date, status = 'published') => {
  const [row] = await sql<{ id: number }>(
    `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, status, created_at, updated_at)
     values (?, 'T', 'e', 'c', (select min(id) from category), 'T', ?, '/media/covers/x', false, ?, now(), now())
     returning id`,
    [slug, publishedAt, status],
  );
  return row.id;
};

const blockLastModified = async (id: number) => {
  const [block] = await sql<{ last_modified: Date | string }>('select last_modified from article_id_block where block = (? - 1) / 1000', [id]);
  return new Date(block.last_modified).getTime();
};

describe('scheduled content', () => {
  it("learns by polling of an article another process wrote, announces it at its time, and moves its sitemap block's lastmod", async () => {
    const clock = testClock();
    const watcher = watchScheduledContent(db.orm, { pollMs: 20, clock: clock.read });
    try {
      await watcher.refresh();
      expect(watcher.nextAt).toBeNull();
      const at = new Date(clock.read().getTime() + 3_600_000);
      let announcements = 0;
      const stop = onContentChange(() => (announcements += 1));
      // Raw SQL, no announcement: as another process would write it.
      const id = await insertArticle('scheduled-elsewhere', at);
      await expect.poll(() => watcher.nextAt).toEqual(at);
      stop();
      // Seen, not yet due: nothing announced before the clock reaches it.
      expect(announcements).toBe(0);

      const announced = nextAnnouncement(clock.read);
      clock.set(at);
      expect((await announced).getTime()).toBeGreaterThanOrEqual(at.getTime());
      expect(await blockLastModified(id)).toBe(at.getTime());
    } finally {
      watcher.stop();
      await sql(`delete from article where slug = 'scheduled-elsewhere'`);
    }
  });

  it('announces a ticker item leaving at its expiry, and nothing for drafts', async () => {
    const clock = testClock();
    const start = clock.read().getTime();
    await insertArticle('scheduled-draft', new Date(start + 1_800_000), 'draft');
    const expires = new Date(start + 3_600_000);
    await sql(`insert into breaking_news_item (title, position, expires_at, created_at, updated_at) values ('Leaving soon', 99, ?, now(), now())`, [expires]);
    const watcher = watchScheduledContent(db.orm, { pollMs: 20, clock: clock.read });
    try {
      await watcher.refresh();
      // The draft's time comes first, but a draft never appears: the next moment is the expiry.
      expect(watcher.nextAt).toEqual(expires);
      const announced = nextAnnouncement(clock.read);
      clock.set(expires);
      expect((await announced).getTime()).toBeGreaterThanOrEqual(expires.getTime());
    } finally {
      watcher.stop();
      await sql(`delete from article where slug = 'scheduled-draft'`);
      await sql(`delete from breaking_news_item where title = 'Leaving soon'`);
    }
  });

  it("arms its timer by the services' clock: a moment hours away by the real time is due when that clock reaches it", async () => {
    const at = new Date(Date.now() + 2 * 3_600_000);
    const id = await insertArticle('scheduled-by-clock', at);
    // The clock reads a millisecond before the article's time; the poll alone would wait ten minutes.
    const clock = testClock(new Date(at.getTime() - 1));
    const watcher = watchScheduledContent(db.orm, { pollMs: 600_000, clock: clock.read });
    try {
      await watcher.refresh();
      expect(watcher.nextAt).toEqual(at);
      const announced = nextAnnouncement(clock.read);
      clock.set(at);
      await announced;
      expect(await blockLastModified(id)).toBe(at.getTime());
    } finally {
      watcher.stop();
      await sql(`delete from article where id = ?`, [id]);
    }
  });

  it('announces a moment that came before its timer ran: a look at the clock then does not skip it', async () => {
    const clock = testClock();
    const at = new Date(clock.read().getTime() + 3_600_000);
    const id = await insertArticle('scheduled-late-timer', at);
    // The poll never runs within the test: only the look below can find the moment.
    const watcher = watchScheduledContent(db.orm, { pollMs: 600_000, clock: clock.read });
    try {
      await watcher.refresh();
      expect(watcher.nextAt).toEqual(at);
      // Its time comes while the process is busy (the timer, armed for an hour on, has not run) and a
      // write elsewhere has the watcher look again.
      clock.set(new Date(at.getTime() + 1_000));
      const announced = nextAnnouncement(clock.read);
      await watcher.refresh();
      await announced;
    } finally {
      watcher.stop();
      await sql(`delete from article where id = ?`, [id]);
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
