import { describe, expect, it } from 'vitest';
import { CacheTagCollector, collectCacheTags } from '../../lib/cache-tags.js';
import { type FediverseReplyRecord, FediverseReplyService, REPLIES_SHOWN, webLink } from './fediverse-reply.service.js';

const reply = (n: number, overrides: Partial<FediverseReplyRecord> = {}): FediverseReplyRecord => ({
  id: `https://aus.social/users/ann/statuses/${n}`,
  authorName: `Ann ${n}`,
  authorUrl: 'https://aus.social/@ann',
  server: 'aus.social',
  text: `Reply ${n}`,
  // Minute n of the day: a larger n is newer.
  published: new Date(Date.UTC(2026, 10, 28, 0, n)).toISOString(),
  approved: true,
  ...overrides,
});

const serviceOf = (records: FediverseReplyRecord[]) => new FediverseReplyService({ replies: async () => records });

describe('FediverseReplyService.approved', () => {
  it('answers only approved replies, newest first, with their links', async () => {
    const shown = await serviceOf([reply(1), reply(3, { approved: false }), reply(2, { url: 'https://aus.social/@ann/2' })]).approved(7);
    expect(shown.map((r) => r.text)).toEqual(['Reply 2', 'Reply 1']);
    expect(shown[0]).toMatchObject({ authorName: 'Ann 2', server: 'aus.social', authorUrl: 'https://aus.social/@ann', url: 'https://aus.social/@ann/2' });
    // A record without its page's URL links to its id.
    expect(shown[1].url).toBe('https://aus.social/users/ann/statuses/1');
    expect(shown[0].published).toEqual(new Date(Date.UTC(2026, 10, 28, 0, 2)));
  });

  it(`shows at most the newest ${REPLIES_SHOWN}`, async () => {
    const records = Array.from({ length: 45 }, (_, i) => reply(i));
    const shown = await serviceOf(records).approved(7);
    expect(shown).toHaveLength(REPLIES_SHOWN);
    expect(shown[0].text).toBe('Reply 44');
    expect(shown[REPLIES_SHOWN - 1].text).toBe(`Reply ${45 - REPLIES_SHOWN}`);
  });

  it('never passes on a link that is not http(s)', async () => {
    const [shown] = await serviceOf([reply(1, { authorUrl: 'javascript:alert(1)', id: 'urn:uuid:1', url: 'data:text/html,<b>x</b>' })]).approved(7);
    expect(shown).toMatchObject({ authorUrl: null, url: null });
    expect(webLink('https://example.social/@a')).toBe('https://example.social/@a');
    expect(webLink('not a url')).toBeNull();
  });

  it('tags the answer with the story\'s replies, and answers none without a store', async () => {
    const collector = new CacheTagCollector();
    const shown = await collectCacheTags(collector, () => new FediverseReplyService().approved(7));
    expect(shown).toEqual([]);
    expect(collector.list()).toEqual(['replies:7']);
  });
});
