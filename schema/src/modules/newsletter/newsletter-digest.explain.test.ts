import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../runtime/services.js';
import { type PlanNode, planOf, statementRecorder } from '../../test/query-plans.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

/**
 * Queueing a digest at a size where the planner has a choice: 50,000 confirmed readers, every one
 * already served this morning's digest (a run after a crash finds them all done), vacuumed and
 * analysed as autovacuum would. Each batch reads the next readers by id, then which of them the
 * mailing served: both must come from an index, whatever the statistics say.
 */
const READERS = 50_000;
// Tuesday 16 July 2030, 07:05 in Sydney (AEST): the daily digest is due.
const TUESDAY_MORNING = new Date('2030-07-15T21:05:00Z');
const DAILY_KEY = 'daily:2030-07-16';

let db: TestDatabase;
let recorded: ReturnType<typeof statementRecorder>;

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
  recorded = statementRecorder(db);
  const connection = db.orm.em.getConnection();
  await connection.execute(`insert into category (name, slug, description, icon, position, created_at, updated_at) values ('Chips', 'chips', 'Chips.', 'Memory', 1, now(), now())`);
  await connection.execute(
    `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, status, created_at, updated_at)
     select 'fab-' || g, 'A new fab ' || g, 'About the fab.', 'Body.', (select id from category where slug = 'chips'), 'Desk',
       timestamptz '2030-07-15 05:00:00+00' + make_interval(mins => g), '/media/covers/fab-' || g, false, 'published', now(), now()
     from generate_series(1, 3) as g`,
  );
  await connection.execute(
    `insert into newsletter_subscriber (email, categories, frequency, breaking_alerts, consent_at, consent_page, confirmed_at)
     select 'reader' || g || '@example.com.au', '[]'::jsonb, (array['daily','weekly','both'])[1 + g % 3], false,
       timestamptz '2030-07-01 00:00:00+00', '/newsletter', timestamptz '2030-07-01 01:00:00+00'
     from generate_series(1, ${READERS}) as g`,
  );
  await connection.execute(`insert into newsletter_delivery (subscriber_id, digest_key, created_at) select id, ?, now() from newsletter_subscriber`, [DAILY_KEY]);
  // What autovacuum does after a bulk load.
  await connection.execute('vacuum analyze newsletter_subscriber');
  await connection.execute('vacuum analyze newsletter_delivery');
}, 300_000);
afterAll(async () => {
  await db.close();
});

const scansOf = (nodes: PlanNode[], relation: string) => nodes.filter((n) => n['Relation Name'] === relation);

describe(`queueing a daily digest for ${READERS} readers`, () => {
  it('reads the next readers and who was served through their indexes, never a whole table', async () => {
    const digests = createServices(db.orm.em.fork(), {
      clock: () => TUESDAY_MORNING,
      newsletter: { sender: { siteUrl: 'https://news.example.com.au', siteName: 'AusTech News', contactEmail: 'editor@example.com.au' }, secret: 'd'.repeat(40) },
    }).newsletterDigests;
    let report: Awaited<ReturnType<typeof digests.queueDue>> | undefined;
    const statements = await recorded(async () => {
      report = await digests.queueDue();
    }, /from newsletter_(subscriber s|delivery where digest_key)/);
    // Everyone was served: nothing is queued again.
    expect(report?.digests.find((d) => d.key === DAILY_KEY)).toMatchObject({ queued: 0 });
    const next = statements.find((s) => /from newsletter_subscriber s/.test(s.query ?? ''));
    const served = statements.find((s) => /from newsletter_delivery where digest_key/.test(s.query ?? ''));
    expect(next && served, 'both statements ran').toBeTruthy();
    const nextScans = scansOf(await planOf(db, next!), 'newsletter_subscriber');
    expect(nextScans.length).toBeGreaterThan(0);
    expect(nextScans.every((n) => n['Node Type'] !== 'Seq Scan'), JSON.stringify(nextScans)).toBe(true);
    const servedScans = scansOf(await planOf(db, served!), 'newsletter_delivery');
    expect(servedScans.length).toBeGreaterThan(0);
    expect(servedScans.every((n) => n['Node Type'] !== 'Seq Scan'), JSON.stringify(servedScans)).toBe(true);
  });
});
