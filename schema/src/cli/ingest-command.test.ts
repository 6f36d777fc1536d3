import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../index.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { INGEST_USAGE, ingestCommand } from './ingest-command.js';

/** `npm run ingest`, as an editor runs it: a summary on success, one line and exit 1 on bad input. */
let db: TestDatabase;
let opened = 0;
const services = async () => {
  opened += 1;
  return createServices(db.orm.em.fork());
};
const fixture = (name: string) => fileURLToPath(new URL(`../modules/ingest/fixtures/${name}`, import.meta.url));

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('ingest', () => {
  it('prints what it added as drafts, then on a second run that it skipped them all', async () => {
    const first = await ingestCommand([fixture('southern-circuit.rss.xml'), '--category', 'iot-connected-devices'], services);
    expect(first.exitCode).toBe(0);
    expect(first.stdout[0]).toBe('Southern Circuit – Australian technology news (rss): 3 added as drafts, 0 skipped as duplicates, 0 failed');
    expect(first.stdout[1]).toMatch(/^ {2}\+ \[cybersecurity\] Ransomware crew hits Riverina council’s rates system \(article \d+\)$/);
    const second = await ingestCommand([fixture('southern-circuit.rss.xml'), '--category', 'iot-connected-devices'], services);
    expect(second).toEqual({ exitCode: 0, stdout: ['Southern Circuit – Australian technology news (rss): 0 added as drafts, 3 skipped as duplicates, 0 failed'], stderr: [] });
  });

  it('publishes with --publish', async () => {
    const output = await ingestCommand(['--publish', fixture('outback-orbit.atom.xml')], services);
    expect(output.stdout[0]).toBe('Outback Orbit (atom): 2 added and published, 0 skipped as duplicates, 0 failed');
    const id = Number(/\(article (\d+)\)/.exec(output.stdout[1])?.[1]);
    expect((await createServices(db.orm.em.fork()).articleEditing.get(id)).state).toBe('live');
  });

  it('lists failed items with their reason, and still exits 0', async () => {
    // No rule places this item and the feed has no default: reported, not stored.
    const output = await ingestCommand([fixture('script-laden.rss.xml')], services);
    expect(output).toEqual({
      exitCode: 0,
      stdout: [
        'Byte Bay Bulletin (rss): 0 added as drafts, 0 skipped as duplicates, 1 failed',
        '  ! Gold Coast start-up raises $4 million: no category: no keyword rule matched and the feed has no default (pass --category or add a rule)',
      ],
      stderr: [],
    });
  });

  it('answers bad input with one line and exit 1, opening no database for what it cannot read', async () => {
    const before = opened;
    const cases: [string[], RegExp][] = [
      [[], /^Usage: npm run ingest/],
      [['a.xml', 'b.xml'], /^Usage: npm run ingest/],
      [['--bogus', 'a.xml'], /^Unknown option '--bogus'\. Usage/],
      [['/no/such/feed.xml'], /^No such file: \/no\/such\/feed\.xml$/],
      [[fixture('malformed.rss.xml')], /^Malformed XML at line 8: /],
      [[fileURLToPath(new URL('../../../package.json', import.meta.url))], /^Not a feed: the document is not XML$/],
      [['http://127.0.0.1:9/feed.xml'], /^Refused 127\.0\.0\.1: 127\.0\.0\.1 is not a public address$/],
      [['file:///etc/passwd'], /^Refused file: URL/],
    ];
    for (const [argv, message] of cases) {
      const output = await ingestCommand(argv, services);
      expect(output.exitCode, argv.join(' ')).toBe(1);
      expect(output.stdout).toEqual([]);
      expect(output.stderr).toHaveLength(1);
      expect(output.stderr[0]).toMatch(message);
      expect(output.stderr[0]).not.toMatch(/\n|\bat .*\.ts:\d+/);
    }
    expect(opened).toBe(before);
    expect(INGEST_USAGE).toContain('[--category <slug>] [--publish]');
  });

  it('names an unknown --category in one line', async () => {
    expect(await ingestCommand([fixture('script-laden.rss.xml'), '--category', 'gardening'], services)).toEqual({
      exitCode: 1,
      stdout: [],
      stderr: ['Unknown category "gardening": use the slug of an existing category'],
    });
  });
});
